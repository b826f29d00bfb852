# ISO dates: unambiguous for readers on both sides of the Atlantic.
SHORT_DATE_FORMAT = "Y-m-d"
SHORT_DATETIME_FORMAT = "Y-m-d H:i"
