"""Demo texts for `manage.py demo_data`: each reaches a different end with the offline analyzer."""

DEMO_CHAINS: list[dict[str, str]] = [
    {
        "query": "Should secondary schools start later in the morning?",
        "source_text": (
            "Secondary schools should start later in the morning. According to the American "
            "Academy of Pediatrics, teenagers need 8 to 10 hours of sleep a night. A 2014 study "
            "by the University of Minnesota found that attendance and grades rose when start "
            "times moved to 8:30. In general, students who sleep enough learn better and are "
            "safer on the road. However, later start times can disrupt bus schedules."
        ),
        "expect": "sustained",
    },
    {
        "query": "Does sugar make children hyperactive?",
        "source_text": (
            "Sugar makes children hyperactive, so parents should ban sweets at parties. "
            "Many parents report that their children run wild after birthday cake. "
            "In general, whatever children eat right before they misbehave is the cause. "
            "According to the Journal of the American Medical Association, a review of 16 "
            "controlled trials compared sugar with a placebo. Yet the sugar-hyperactivity link "
            "has been disproven: in those blind trials, behaviour did not differ."
        ),
        "expect": "overruled",
    },
    {
        "query": "Should homework be banned in primary schools?",
        "source_text": (
            "Homework should be banned in primary schools. Research by Harris Cooper at Duke "
            "University found little link between homework and achievement for young pupils. "
            "In general, young children learn more from play and rest than from drills at "
            "home. However, some parents value homework as a window into what their child "
            "learns. Critics argue that regular practice builds study habits early. "
            "On the other hand, reading at home clearly helps, for example with vocabulary."
        ),
        "expect": "remanded",
    },
    {
        "query": "Should our town build a new swimming pool?",
        "source_text": (
            "Our town should build a new swimming pool. The mayor plays golf on Sundays. "
            "Last summer the bakery on Elm Street doubled its prices. "
            "The trains to the coast leave every hour."
        ),
        "expect": "terminated",
    },
    {
        "query": "Is remote work better for productivity?",
        "source_text": "",
        "expect": "terminated",
    },
]
