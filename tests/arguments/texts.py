"""Argument texts the analyzer's tests read, and the snapshot of what it writes on them: two
op-eds, a text written to tempt the analyzer into using one sentence twice, and two short
arguments for the sentence-role model."""

UNIFORMS = (
    "Our school should make uniforms compulsory. "
    "According to the National Association of Secondary School Principals, schools that "
    "adopted uniforms reported fewer fights in the first year. "
    "A 2019 survey by the Education Policy Institute found that 64% of parents spend less on "
    "clothes when a uniform is required. "
    "In general, when pupils stop competing over clothes, they pay more attention to lessons. "
    "Dr. Amy Ruiz of the University of Leeds says that uniforms reduce visible differences "
    "between rich and poor pupils. "
    "The Education Policy Institute also found that bullying about clothing fell by a third. "
    "However, some pupils feel that uniforms limit how they express themselves. "
    "Critics argue that uniforms cost poorer families money at the start of each year."
)
PHONES = (
    "Phones should be banned in every school, from the first bell to the last. "
    "Since phones were invented, grades have fallen, so phones must be the cause. "
    "Teachers in our district report that pupils check their screens dozens of times a "
    "lesson. "
    "All bullying today happens online, and it follows children into the classroom. "
    "Schools have always had a front-office telephone, so parents can still reach their "
    "children in an emergency. "
    "A 2023 report by UNESCO found that phone use in class was linked to lower test scores. "
    "Whenever a distraction is within reach, young people find it hard to concentrate. "
    "Of course, some parents worry that they cannot contact their children during the day. "
    "But a ban is the only way to give pupils their attention back."
)
OP_EDS = [
    ("Should schools require uniforms?", UNIFORMS),
    ("Should schools ban phones?", PHONES),
]
EQUALITY = (
    "Strict equality a === b is safer than a == b. According to Mozilla, the loose operator "
    "converts both operands to a common type before it compares them, so 0 == '' is true. "
    "In general, a comparison that never converts types silently leaves fewer bugs. "
    "However, some developers find the extra character tedious to type."
)
HOMEWORK = (
    "Last week my daughter spent three hours on maths worksheets after school. "
    "I think primary schools should stop giving homework altogether. "
    "A study by Duke University found little link between homework and achievement "
    "for children under eleven. "
    "Children who play outside after school sleep better and arrive rested."
)
CYCLING = (
    "Cities should build protected bike lanes on every main road. "
    "In Copenhagen, 62% of residents cycle to work or school each day. "
    "According to the city's traffic office, serious injuries fell by a third after the "
    "lanes were built. "
    "However, some drivers say that the lanes slow down traffic."
)

# A short argument in Arabic: a script the offline analyzer does not read.
ARABIC = (
    "يجب على المدارس أن تبدأ اليوم الدراسي في وقت متأخر من الصباح، لأن المراهقين يحتاجون إلى "
    "ساعات نوم أطول. وقد أظهرت دراسات عديدة أن الطلاب الذين ينامون جيداً يتعلمون بشكل أفضل "
    "ويحققون نتائج أعلى في الامتحانات. لذلك ينبغي على وزارة التعليم تغيير المواعيد."
)
