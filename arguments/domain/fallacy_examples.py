"""Short texts, written by hand, on which the fallacy detector is tested and measured.

Three sets, each written before the detector was tuned on it:

- ``TUNING`` was written before the detector existed; the first cues were tuned on it.
- ``SECOND_SET`` was written after those cues were frozen: on it the first detector found
  59.5% of the fallacies at 92.6% precision and flagged 1 of 12 clean texts (commit "Held-out
  fallacy examples"). The cues were then widened on it (round 2), so it is in-sample now.
- ``HELD_OUT`` was written after round 2 was frozen and has never been used to change a cue:
  its figures are the honest, out-of-sample ones.

Each example is ``(type, text)``; ``type`` is a taxonomy id, or ``""`` for a text with no
fallacy (many of those are near misses: a real cause with a mechanism, a genuine expert, a
fair summary of the other side, "all" in a definition).

Used by ``tests/arguments/test_fallacies.py`` and ``benchmarks/fallacies.py``.
"""

from __future__ import annotations

Example = tuple[str, str]

TUNING: tuple[Example, ...] = (
    # -- ad hominem: an attack on the person offered in place of an answer to the argument
    (
        "ad_hominem",
        "Don't listen to Mark's proposal on the budget; he's a college dropout who can't "
        "even manage his own money.",
    ),
    (
        "ad_hominem",
        "Of course the senator supports the tax cut. She's a corrupt liar, so her argument "
        "is worthless.",
    ),
    (
        "ad_hominem",
        "Why should we believe anything Dr. Lee says about vaccines? He has been divorced twice.",
    ),
    (
        "ad_hominem",
        "My opponent's plan for the schools can be dismissed; he is an idiot who has never "
        "held a real job.",
    ),
    ("ad_hominem", "You can ignore her essay on climate policy, she is just a spoiled rich kid."),
    (
        "ad_hominem",
        "Jones says we need more bike lanes, but Jones is a hypocrite who drives an SUV, so "
        "his argument fails.",
    ),
    (
        "ad_hominem",
        "Nobody should take that clown seriously on economics; he's a failed actor.",
    ),
    (
        "ad_hominem",
        "The report was written by a bunch of lazy activists, so its conclusions cannot be "
        "trusted.",
    ),
    (
        "ad_hominem",
        "He argues for rent control, but what would a man with his criminal record know "
        "about fairness?",
    ),
    (
        "ad_hominem",
        "Her review of the novel is nonsense; she is bitter because her own books never sold.",
    ),
    (
        "ad_hominem",
        "Those who favour the new curriculum are naive fools, so the curriculum should be "
        "rejected.",
    ),
    # -- ad populum: many people believe or do it, so it is true or good
    ("ad_populum", "Millions of people buy this supplement, so it must work."),
    ("ad_populum", "Everyone at school is getting the new phone, so it must be the best one."),
    ("ad_populum", "Most Americans believe in ghosts; therefore ghosts are real."),
    (
        "ad_populum",
        "The band is the most popular in the country, which proves their music is good.",
    ),
    ("ad_populum", "Nobody I know thinks the tax is fair, so it obviously isn't."),
    (
        "ad_populum",
        "Nine out of ten people agree that the moon landing was staged, so it probably was.",
    ),
    ("ad_populum", "This diet is trending everywhere, so it has to be healthy."),
    (
        "ad_populum",
        "All my friends are voting for her, so she is clearly the right choice.",
    ),
    (
        "ad_populum",
        "The belief that eating late makes you gain weight is so widespread that it has to "
        "be true.",
    ),
    (
        "ad_populum",
        "Since the majority of the class thinks the answer is B, B must be correct.",
    ),
    (
        "ad_populum",
        "Thousands of satisfied customers can't be wrong: this cream cures acne.",
    ),
    # -- appeal to emotion: feelings stirred up in place of reasons
    (
        "appeal_to_emotion",
        "Think of the poor, innocent children who will suffer if this law passes; you must "
        "vote no.",
    ),
    (
        "appeal_to_emotion",
        "If you have any heart at all, you will donate today. Imagine those puppies "
        "shivering in the cold.",
    ),
    (
        "appeal_to_emotion",
        "How could you sleep at night knowing you voted against the veterans who bled for you?",
    ),
    (
        "appeal_to_emotion",
        "Picture your own mother alone and terrified in a hospital hallway. That is why we "
        "need this bill.",
    ),
    (
        "appeal_to_emotion",
        "You should be ashamed to even question this charity while people are dying.",
    ),
    (
        "appeal_to_emotion",
        "Only a heartless monster would oppose building the new playground.",
    ),
    (
        "appeal_to_emotion",
        "Imagine the terror of a family losing everything in one night. Buy our insurance now.",
    ),
    (
        "appeal_to_emotion",
        "Our brave soldiers deserve better, so anyone who cares will support the budget "
        "without question.",
    ),
    (
        "appeal_to_emotion",
        "The defendant's tearful children are sitting in the courtroom, so he must be found "
        "not guilty.",
    ),
    (
        "appeal_to_emotion",
        "Feel the fear of walking home alone at night, and then tell me we don't need more police.",
    ),
    (
        "appeal_to_emotion",
        "Every time you skip recycling, a helpless sea turtle chokes to death. Don't you care?",
    ),
    # -- circular reasoning: the conclusion is assumed in the reason given for it
    (
        "circular_reasoning",
        "The Bible is true because it is the word of God, and we know it is God's word "
        "because the Bible says so.",
    ),
    ("circular_reasoning", "Smoking is unhealthy because it is bad for your health."),
    ("circular_reasoning", "She is the best candidate because no one is better than her."),
    ("circular_reasoning", "This policy is fair because it treats people fairly."),
    (
        "circular_reasoning",
        "You can trust me because I am a trustworthy person.",
    ),
    (
        "circular_reasoning",
        "Paranormal activity is real because I have experienced things that can only be "
        "explained as paranormal.",
    ),
    ("circular_reasoning", "Chocolate is delicious because it tastes so good."),
    (
        "circular_reasoning",
        "Adults are allowed to vote because they have the right to vote.",
    ),
    ("circular_reasoning", "Reading is boring because it isn't interesting."),
    ("circular_reasoning", "He is always right, because he never makes mistakes."),
    (
        "circular_reasoning",
        "Free markets are efficient, since an unregulated market allocates resources efficiently.",
    ),
    # -- equivocation: one word used in two senses to make the argument go through
    (
        "equivocation",
        "A feather is light. What is light cannot be dark. Therefore a feather cannot be dark.",
    ),
    (
        "equivocation",
        "The sign said there is a fine for parking here, so parking here must be fine.",
    ),
    (
        "equivocation",
        "Nothing is better than eternal happiness. A ham sandwich is better than nothing. So "
        "a ham sandwich is better than eternal happiness.",
    ),
    (
        "equivocation",
        "The laws of nature cannot be broken, and every law requires a lawgiver, so nature "
        "has a lawgiver.",
    ),
    (
        "equivocation",
        "Evolution is only a theory, and a theory is just a guess, so evolution is a guess.",
    ),
    (
        "equivocation",
        "Banks are beside rivers, and I keep my money in a bank, so my money is beside a river.",
    ),
    (
        "equivocation",
        "Criminal actions are illegal, and murder trials are criminal actions, so murder "
        "trials are illegal.",
    ),
    (
        "equivocation",
        "Only man is rational. No woman is a man. Therefore no woman is rational.",
    ),
    (
        "equivocation",
        "Everyone has a right to their opinion, so my opinion is right.",
    ),
    (
        "equivocation",
        "The end of a thing is its perfection; death is the end of life; so death is the "
        "perfection of life.",
    ),
    (
        "equivocation",
        "Power corrupts, and knowledge is power, so knowledge corrupts.",
    ),
    # -- false authority: an authority outside their field, or an unnamed one
    (
        "false_authority",
        "My dentist says the stock market will crash next year, so I'm selling my shares.",
    ),
    (
        "false_authority",
        "A famous actor said on TV that vaccines cause autism, so they must.",
    ),
    (
        "false_authority",
        "The quarterback endorses this cholesterol medicine, which proves it works.",
    ),
    (
        "false_authority",
        "According to a popular influencer, the earth is only six thousand years old.",
    ),
    (
        "false_authority",
        "My physics teacher told me that this herbal tea cures depression, so it does.",
    ),
    ("false_authority", "Experts agree that this is the best mattress on the market."),
    (
        "false_authority",
        "A Nobel-winning chemist says that astrology predicts personality, so astrology is valid.",
    ),
    (
        "false_authority",
        "The singer, who has millions of fans, says the election was rigged; that settles it.",
    ),
    (
        "false_authority",
        "Scientists say chocolate helps you lose weight, so eat more chocolate.",
    ),
    (
        "false_authority",
        "My uncle is an engineer, and he says climate change is a hoax.",
    ),
    (
        "false_authority",
        "Studies show that our shampoo is the best, said the company's spokesman.",
    ),
    # -- straw man: the other side's view replaced by a weaker or extreme version
    (
        "straw_man",
        "My opponent wants to reduce military spending, so he obviously wants to leave the "
        "country defenseless.",
    ),
    (
        "straw_man",
        "Vegetarians say we should eat less meat, but they basically think humans should starve.",
    ),
    (
        "straw_man",
        "So you're saying we should just let criminals walk free? That's what bail reform means.",
    ),
    (
        "straw_man",
        "Environmentalists want to ban cars entirely and make us all live in caves.",
    ),
    (
        "straw_man",
        "The teacher suggested shorter homework assignments, which means she believes "
        "students should never have to work.",
    ),
    (
        "straw_man",
        "Those who support sex education simply want to encourage teenagers to have sex.",
    ),
    (
        "straw_man",
        "She said the company should hire more carefully. In other words, she thinks nobody "
        "here is competent.",
    ),
    (
        "straw_man",
        "People who criticize the police just hate law and order and want chaos.",
    ),
    (
        "straw_man",
        "He argues for a higher minimum wage, so apparently he wants every small business to "
        "go bankrupt.",
    ),
    (
        "straw_man",
        "Supporters of the four-day week basically want everyone to stop working.",
    ),
    (
        "straw_man",
        "So what you're really saying is that we should give up on science entirely.",
    ),
    # -- red herring: a different subject brought in to draw attention away
    (
        "red_herring",
        "Why worry about the factory polluting the river when there are children starving "
        "in other countries?",
    ),
    (
        "red_herring",
        "The mayor is accused of taking bribes, but look at all the new parks he has built.",
    ),
    (
        "red_herring",
        "You say I broke curfew, but have you seen how messy your own room is?",
    ),
    (
        "red_herring",
        "Sure, the company laid off workers, but let's not forget it sponsors the local "
        "football team.",
    ),
    (
        "red_herring",
        "Critics question the safety of the drug, but what about the jobs the pharmaceutical "
        "industry creates?",
    ),
    (
        "red_herring",
        "Instead of asking about my tax records, we should be talking about the crisis at "
        "the border.",
    ),
    (
        "red_herring",
        "Is the new stadium over budget? Well, our team won the championship last year.",
    ),
    (
        "red_herring",
        "You complain about the noise, but people in the past lived without any electricity "
        "at all.",
    ),
    (
        "red_herring",
        "Before we discuss the rising tuition, let me remind you how beautiful our campus is "
        "in the spring.",
    ),
    (
        "red_herring",
        "Yes, the bridge failed its inspection, but the real question is why the press keeps "
        "attacking our city.",
    ),
    (
        "red_herring",
        "My client may have missed the payments, but he is a devoted father who coaches "
        "little league.",
    ),
    # -- false cause: succession or correlation taken for causation
    (
        "false_cause",
        "Since phones were invented, grades have fallen, so phones must be the cause.",
    ),
    (
        "false_cause",
        "I wore my lucky socks and we won the game, so the socks brought us the win.",
    ),
    (
        "false_cause",
        "After the new mayor took office, crime rose; clearly the mayor caused the crime wave.",
    ),
    (
        "false_cause",
        "Ice cream sales and drownings both rise in summer, so ice cream causes drowning.",
    ),
    (
        "false_cause",
        "Ever since we painted the office blue, sales have gone up. The colour must be working.",
    ),
    (
        "false_cause",
        "My headache went away after I drank the herbal tea, so the tea cured it.",
    ),
    (
        "false_cause",
        "The rooster crows before sunrise, so the rooster makes the sun rise.",
    ),
    (
        "false_cause",
        "Autism diagnoses increased after the vaccine was introduced, which proves the "
        "vaccine causes autism.",
    ),
    (
        "false_cause",
        "Countries that eat more chocolate win more Nobel prizes, so chocolate makes people "
        "smarter.",
    ),
    (
        "false_cause",
        "Right after the school installed cameras, test scores dropped. The cameras are to blame.",
    ),
    (
        "false_cause",
        "I started using this app and a week later I got a promotion; the app changed my life.",
    ),
    # -- false dilemma: two options presented as the only ones
    ("false_dilemma", "Either you support the war or you hate your country."),
    ("false_dilemma", "You're either with us or against us."),
    (
        "false_dilemma",
        "We can cut the school budget or raise taxes until families go broke; there is no "
        "other option.",
    ),
    (
        "false_dilemma",
        "Either we ban all cars from downtown, or the city will choke on smog.",
    ),
    (
        "false_dilemma",
        "You either love this band or have no taste in music at all.",
    ),
    (
        "false_dilemma",
        "There are only two kinds of people: those who work hard and those who are lazy.",
    ),
    ("false_dilemma", "Either the defendant is a saint or he is a monster."),
    (
        "false_dilemma",
        "We must build the wall or accept open borders; there is no middle ground.",
    ),
    (
        "false_dilemma",
        "Are you going to finish your vegetables, or do you want to grow up weak and sickly?",
    ),
    ("false_dilemma", "Either science explains everything, or nothing can be known."),
    (
        "false_dilemma",
        "If you don't go to university, the only alternative is a life of poverty.",
    ),
    # -- hasty generalisation: a sweeping claim about a group on thin evidence
    ("hasty_generalization", "All bullying today happens online."),
    (
        "hasty_generalization",
        "My neighbour's electric car broke down twice, so electric cars are unreliable.",
    ),
    (
        "hasty_generalization",
        "I met two rude people from Paris; Parisians are all rude.",
    ),
    (
        "hasty_generalization",
        "The first three students I asked hated the new menu, so the whole school hates it.",
    ),
    (
        "hasty_generalization",
        "My grandfather smoked every day and lived to 95, so smoking isn't dangerous.",
    ),
    (
        "hasty_generalization",
        "Teenagers never read books anymore; my cousin only plays video games.",
    ),
    (
        "hasty_generalization",
        "I had a bad meal at one Thai restaurant, so Thai food is awful.",
    ),
    (
        "hasty_generalization",
        "Every politician is corrupt; just look at the mayor's scandal.",
    ),
    (
        "hasty_generalization",
        "Women are bad drivers; I saw one crash into a pole yesterday.",
    ),
    (
        "hasty_generalization",
        "Two of my friends got sick after the flu shot, so flu shots always make people sick.",
    ),
    (
        "hasty_generalization",
        "Nobody uses cash anymore; I haven't seen anyone pay with it this week.",
    ),
    # -- slippery slope: one step said to lead, by an unsupported chain, to disaster
    (
        "slippery_slope",
        "If we allow students to redo one test, soon they'll expect to redo every assignment, "
        "and eventually grades will mean nothing.",
    ),
    (
        "slippery_slope",
        "Legalize marijuana today and tomorrow everyone will be on heroin.",
    ),
    (
        "slippery_slope",
        "If we let the city ban plastic bags, next they'll ban cars, and then they'll control "
        "what we eat.",
    ),
    (
        "slippery_slope",
        "Give a child a phone at ten and before long she'll be failing school and ruining "
        "her life.",
    ),
    (
        "slippery_slope",
        "Once we allow one exception to the dress code, there will be no rules left at all.",
    ),
    (
        "slippery_slope",
        "If you skip one workout, you'll skip the next, and in a year you'll be on the couch "
        "all day.",
    ),
    (
        "slippery_slope",
        "Raising the minimum wage will lead to higher prices, which will lead to inflation, "
        "which will ultimately destroy the economy.",
    ),
    (
        "slippery_slope",
        "If we start forgiving student debt, where does it end? Next everyone will want "
        "their mortgage forgiven.",
    ),
    (
        "slippery_slope",
        "Allowing same-day voter registration will open the floodgates to total election chaos.",
    ),
    (
        "slippery_slope",
        "Today it's video games in class; tomorrow the whole school becomes an arcade.",
    ),
    (
        "slippery_slope",
        "If we tolerate one late assignment, soon deadlines will disappear and the "
        "university will collapse.",
    ),
    # -- deductive error: an invalid form (affirming the consequent, undistributed middle...)
    (
        "deductive_error",
        "If it rains, the streets get wet. The streets are wet, so it rained.",
    ),
    (
        "deductive_error",
        "If you are a doctor, you went to university. You are not a doctor, so you did not "
        "go to university.",
    ),
    (
        "deductive_error",
        "All cats are mammals. All dogs are mammals. Therefore all dogs are cats.",
    ),
    (
        "deductive_error",
        "If he studied, he passed. He passed, so he must have studied.",
    ),
    ("deductive_error", "Every fish can swim. My dog can swim. So my dog is a fish."),
    (
        "deductive_error",
        "If the company is profitable, its stock rises. The company is not profitable, so "
        "its stock will not rise.",
    ),
    (
        "deductive_error",
        "All communists oppose the bill, and Maria opposes the bill, therefore Maria is a "
        "communist.",
    ),
    (
        "deductive_error",
        "Some students are athletes and some athletes are lazy, so some students are lazy.",
    ),
    (
        "deductive_error",
        "If I eat too much sugar, I get a headache. I have a headache, so I must have eaten "
        "too much sugar.",
    ),
    (
        "deductive_error",
        "No reptiles have fur. No birds are reptiles. So birds have fur.",
    ),
    (
        "deductive_error",
        "When the alarm is armed, the light is red. The light is red, so the alarm is armed.",
    ),
    # -- intentional: loaded questions and moving goalposts
    ("intentional", "Have you stopped cheating on your exams?"),
    ("intentional", "Why do you hate freedom so much?"),
    ("intentional", "When did you stop lying to your customers?"),
    (
        "intentional",
        "Fine, you showed the vaccine is safe for adults, but now prove it is safe for every "
        "person on earth before I accept it.",
    ),
    (
        "intentional",
        "You found one transitional fossil, but that doesn't count; show me a fossil for "
        "every single generation.",
    ),
    ("intentional", "Why is the mayor still covering up the scandal?"),
    (
        "intentional",
        "OK, the new study answers my question, but that's not enough; now I need ten more "
        "studies.",
    ),
    ("intentional", "How long have you been stealing from the company?"),
    (
        "intentional",
        "Even if you prove the bridge is safe, I still won't accept it until it is perfect.",
    ),
    (
        "intentional",
        "Do you still support those dangerous policies that ruined our town?",
    ),
    (
        "intentional",
        "Yes, crime fell after the reform, but that doesn't count until it falls in every "
        "single neighbourhood.",
    ),
    # -- no fallacy: plain claims with reasons, and near misses of each rule
    (
        "",
        "Since the new bridge opened, commute times have dropped by 20% because drivers no "
        "longer detour through the old ferry crossing, according to the city's traffic count.",
    ),
    (
        "",
        "Smoking causes lung cancer: tar damages the cells lining the lungs, as decades of "
        "cohort studies have shown.",
    ),
    ("", "The plant died after I forgot to water it for a month."),
    (
        "",
        "According to Dr. Ana Ruiz, a cardiologist at Johns Hopkins, regular exercise lowers "
        "blood pressure.",
    ),
    (
        "",
        "The National Weather Service says the hurricane will reach the coast on Friday.",
    ),
    (
        "",
        "A 2019 study by the University of Oslo, published in The Lancet, found that "
        "children who sleep less score lower on memory tests.",
    ),
    (
        "",
        "Critics of the plan argue that it will cost more than the city can afford, and that "
        "concern deserves a careful answer.",
    ),
    (
        "",
        "Dr. Park argues that homework should be shorter in primary school; she cites three "
        "studies on sleep.",
    ),
    ("", "All mammals are warm-blooded, by definition of the class."),
    ("", "Every triangle has three sides."),
    ("", "All students must register for the exam by Friday."),
    (
        "",
        "All 1,200 respondents in the national survey reported owning a mobile phone.",
    ),
    (
        "",
        "Most people in the survey said they sleep less than seven hours a night.",
    ),
    ("", "The film was popular, earning 300 million dollars in its first month."),
    (
        "",
        "The flood left 300 families homeless, according to the Red Cross, and the shelters "
        "are full.",
    ),
    (
        "",
        "Imagine a city where every bus is electric; that is the goal of the transport plan.",
    ),
    (
        "",
        "Smoking is unhealthy because tar damages the lining of the lungs.",
    ),
    ("", "The bridge is safe because engineers inspected it last month."),
    (
        "",
        "You have the right to remain silent, so you may refuse to answer the question.",
    ),
    ("", "You can pay either by cash or by card."),
    (
        "",
        "If we raise ticket prices by 10%, fewer people will attend, as happened when the "
        "museum raised its prices in 2019.",
    ),
    (
        "",
        "If the temperature drops below zero, the pipes will freeze, and then they may burst.",
    ),
    (
        "",
        "If it rains, the streets get wet. It is raining, so the streets are wet.",
    ),
    (
        "",
        "All whales are mammals. Moby is a whale. So Moby is a mammal.",
    ),
    ("", "Have you finished your homework?"),
    ("", "Why do you think the bridge failed?"),
    ("", "When did the meeting start?"),
    (
        "",
        "You showed the vaccine is safe for adults; the next trial will test it in children.",
    ),
    (
        "",
        "The bridge failed its inspection, but the engineers say repairs will finish by May.",
    ),
    (
        "",
        "Schools have always had a front-office telephone for emergencies.",
    ),
    (
        "",
        "The senator voted for the tax cut, and her voting record shows she has opposed "
        "every tax increase since 2010.",
    ),
    (
        "",
        "Uniforms reduce the cost of clothing for families, according to a 2018 survey of "
        "600 parents, although some students feel they limit self-expression.",
    ),
    (
        "",
        "Electric buses emit no exhaust where they run, so they improve air quality on busy "
        "streets.",
    ),
    (
        "",
        "Wind turbines need maintenance, and the cost of that maintenance should be part of "
        "the budget.",
    ),
    (
        "",
        "Vaccination rates fell in 2021, and measles cases rose the following year because "
        "more children were unprotected, the health ministry reported.",
    ),
    (
        "",
        "The law requires cyclists to wear helmets in this state.",
    ),
)

SECOND_SET: tuple[Example, ...] = (
    (
        "ad_hominem",
        "The climate scientist's warning means nothing; she flies to conferences twice a year, "
        "the hypocrite.",
    ),
    (
        "ad_hominem",
        "Before you accept his tax plan, remember he is a convicted fraudster and a drunk.",
    ),
    (
        "ad_hominem",
        "That teenager's petition about school lunches is silly; kids her age are too immature "
        "to know anything.",
    ),
    (
        "ad_populum",
        "Everybody in my town drinks this water, so it has to be safe.",
    ),
    (
        "ad_populum",
        "The app has fifty million downloads, which proves it protects your privacy.",
    ),
    (
        "ad_populum",
        "Most voters believe the tax is unfair, so it is unfair.",
    ),
    (
        "appeal_to_emotion",
        "Imagine your little brother crying alone in a cold classroom; we must fund the "
        "heating now.",
    ),
    (
        "appeal_to_emotion",
        "How could anyone look these grieving parents in the eye and vote against the bill?",
    ),
    (
        "appeal_to_emotion",
        "If you had any compassion, you would sign, because the orphans are counting on you.",
    ),
    (
        "circular_reasoning",
        "This newspaper is reliable because everything it prints can be trusted.",
    ),
    (
        "circular_reasoning",
        "Exercise is healthy because it keeps you in good health.",
    ),
    (
        "circular_reasoning",
        "The rule is fair because it is a fair rule.",
    ),
    (
        "equivocation",
        "A mouse is a small animal, so a big mouse is a big small animal.",
    ),
    (
        "equivocation",
        "Stealing is a crime, and shoplifting a free sample is not stealing because it is "
        "free, so free samples can be taken freely.",
    ),
    (
        "equivocation",
        "The judge must be fair, and the weather today is fair, so the judge is like today.",
    ),
    (
        "false_authority",
        "A famous footballer says this diet reverses diabetes, so I will stop my insulin.",
    ),
    (
        "false_authority",
        "My hairdresser told me the new vaccine changes your DNA, so I won't take it.",
    ),
    (
        "false_authority",
        "Doctors say this phone is the best on the market, according to the advert.",
    ),
    (
        "straw_man",
        "The mayor wants to add a bus lane, so apparently she wants to ban everyone from driving.",
    ),
    (
        "straw_man",
        "Those who want a shorter school day simply think children should never learn anything.",
    ),
    (
        "straw_man",
        "So you're saying we should abolish all exams and let everyone pass?",
    ),
    (
        "red_herring",
        "You ask why the project is late, but what about the wonderful team spirit we built?",
    ),
    (
        "red_herring",
        "Sure, the factory leaked chemicals, but the real issue is how hard our workers try.",
    ),
    (
        "red_herring",
        "The minister is accused of lying to parliament, but have you seen the unemployment "
        "figures in other countries?",
    ),
    (
        "false_cause",
        "After we hired a new coach, it rained less, so the coach must be responsible for the "
        "good weather.",
    ),
    (
        "false_cause",
        "Ever since my sister started yoga, her car has broken down less; yoga clearly caused it.",
    ),
    (
        "false_cause",
        "Crime went down the year after the city installed more streetlights painted green, so "
        "green paint causes less crime.",
    ),
    (
        "false_dilemma",
        "Either we close every coal plant this year or the planet is doomed.",
    ),
    (
        "false_dilemma",
        "You are either a true fan or a traitor to the club.",
    ),
    (
        "false_dilemma",
        "We can have strict homework rules or lazy students; there is no other choice.",
    ),
    (
        "hasty_generalization",
        "My two roommates from Texas love barbecue, so all Texans love barbecue.",
    ),
    (
        "hasty_generalization",
        "I saw a cyclist run a red light this morning; cyclists never follow the rules.",
    ),
    (
        "hasty_generalization",
        "Young people today don't care about politics at all.",
    ),
    (
        "slippery_slope",
        "If we let students choose their own seats, next they'll choose their own grades, and "
        "eventually the teachers will have no authority at all.",
    ),
    (
        "slippery_slope",
        "Approve one tall building downtown and before long the whole skyline will be ruined.",
    ),
    (
        "slippery_slope",
        "Allowing a single ad on the school website will lead to ads in every classroom, and "
        "then the school will be run by corporations.",
    ),
    (
        "deductive_error",
        "If the printer is out of paper, it shows a warning. It shows a warning, so it is out "
        "of paper.",
    ),
    (
        "deductive_error",
        "All poets are dreamers. Sam is a dreamer. Therefore Sam is a poet.",
    ),
    (
        "deductive_error",
        "If you train every day, you will be fit. You do not train every day, so you will not "
        "be fit.",
    ),
    (
        "intentional",
        "Have you stopped wasting taxpayers' money yet?",
    ),
    (
        "intentional",
        "Why does the council keep lying about the budget?",
    ),
    (
        "intentional",
        "Granted, the trial showed the drug works, but now prove it works for every possible "
        "patient before I accept it.",
    ),
    (
        "",
        "After the city added bike lanes, cycling injuries fell by a third, because separated "
        "lanes keep cyclists away from cars, according to the hospital's records.",
    ),
    (
        "",
        "Professor Hana Ito, an epidemiologist at the University of Tokyo, says the outbreak is "
        "slowing.",
    ),
    (
        "",
        "Supporters of the park say it will give children a safe place to play, while "
        "opponents point to the cost of upkeep.",
    ),
    ("", "All prime numbers greater than two are odd."),
    (
        "",
        "Every employee must complete the safety training before operating the press.",
    ),
    (
        "",
        "Many residents use the library, and its opening hours should reflect when they come.",
    ),
    (
        "",
        "If the battery is flat, the car will not start. The battery is flat, so the car will "
        "not start.",
    ),
    (
        "",
        "Either the meeting is on Monday or on Tuesday; the calendar will tell us which.",
    ),
    ("", "Did you lock the back door when you left?"),
    (
        "",
        "The report was delayed, but the team has promised to deliver it next week.",
    ),
    (
        "",
        "Our grandparents walked to school, and many children still do in rural areas.",
    ),
    (
        "",
        "The river flooded after three days of heavy rain overwhelmed the drains, the "
        "engineers found.",
    ),
)

HELD_OUT: tuple[Example, ...] = (
    (
        "ad_hominem",
        "Why would anyone trust a nutrition study from a man who is obviously overweight?",
    ),
    (
        "ad_hominem",
        "The union leader's wage demands are a joke; he is a lazy troublemaker who never "
        "worked a day in his life.",
    ),
    (
        "ad_hominem",
        "She can talk about ethics all she wants, but she is a cheat who copied her thesis, so "
        "ignore her.",
    ),
    (
        "ad_populum",
        "Half the country already owns one of these fryers, so it must be the best way to cook.",
    ),
    (
        "ad_populum",
        "Everyone on my street believes the mayor is honest, so he obviously is.",
    ),
    (
        "ad_populum",
        "The video has millions of views, so what it says about the moon must be true.",
    ),
    (
        "appeal_to_emotion",
        "Picture a frightened old woman shivering without heat this winter, and tell me you "
        "will vote against the subsidy.",
    ),
    (
        "appeal_to_emotion",
        "Think of the helpless animals in the shelter; you should adopt today, no questions asked.",
    ),
    (
        "appeal_to_emotion",
        "You should feel ashamed for eating meat while innocent creatures suffer.",
    ),
    (
        "circular_reasoning",
        "Mr. Grant is the best teacher in the school, because no teacher here is better.",
    ),
    (
        "circular_reasoning",
        "Cheating is wrong because it is not right to cheat.",
    ),
    (
        "circular_reasoning",
        "The policy is effective because it works effectively.",
    ),
    (
        "equivocation",
        "The doctor said my condition is critical, and critics are always negative, so the "
        "doctor is being negative.",
    ),
    (
        "equivocation",
        "All men are mortal, and the man in the moon is a man, so the man in the moon is mortal.",
    ),
    (
        "equivocation",
        "A fair game gives both teams a chance, and the weather was fair, so the game was fair.",
    ),
    (
        "false_authority",
        "A popular celebrity chef says the new tax law will ruin the economy, so I oppose it.",
    ),
    (
        "false_authority",
        "My yoga instructor told me that vaccines weaken the immune system.",
    ),
    (
        "false_authority",
        "Experts say this is the healthiest cereal, so buy it for your kids.",
    ),
    (
        "straw_man",
        "The principal suggested limiting phones at lunch, which means she basically wants to "
        "ban all technology.",
    ),
    (
        "straw_man",
        "Cyclists say the city needs more bike lanes; they simply want to destroy every road "
        "for cars.",
    ),
    (
        "straw_man",
        "So you're saying that because one test was unfair, we should never test anyone again?",
    ),
    (
        "red_herring",
        "You say my report had errors, but what about the coffee machine that has been broken "
        "for weeks?",
    ),
    (
        "red_herring",
        "Sure, our emissions are high, but let's not forget how many jobs we created last year.",
    ),
    (
        "red_herring",
        "The senator is accused of hiding donations, but the real question is why the weather "
        "service keeps getting forecasts wrong.",
    ),
    (
        "false_cause",
        "Right after I bought a new phone case, my grades improved, so the case must be the "
        "reason.",
    ),
    (
        "false_cause",
        "Ever since the town put up a statue, tourism has grown; the statue caused it.",
    ),
    (
        "false_cause",
        "After the school switched to blue uniforms, bullying fell, which proves blue uniforms "
        "make students kinder.",
    ),
    (
        "false_dilemma",
        "Either you agree with every word of the plan or you are an enemy of progress.",
    ),
    (
        "false_dilemma",
        "We can either raise fees or shut the museum; there is no other way.",
    ),
    (
        "false_dilemma",
        "You can join the team or be a failure forever.",
    ),
    (
        "hasty_generalization",
        "My classmates all hated the book, so no teenager will ever enjoy it.",
    ),
    (
        "hasty_generalization",
        "I asked two tourists for directions and they were lost, so tourists never know where "
        "they are.",
    ),
    (
        "hasty_generalization",
        "Nobody reads newspapers anymore.",
    ),
    (
        "slippery_slope",
        "If we let one student use a calculator in the exam, soon everyone will want one, and "
        "eventually nobody will learn arithmetic.",
    ),
    (
        "slippery_slope",
        "Allow a single food truck in the square and before long the whole square will be chaos.",
    ),
    (
        "slippery_slope",
        "Cutting the library hours will lead to fewer readers, which will lead to closing the "
        "library, and ultimately the town will forget how to read.",
    ),
    (
        "deductive_error",
        "If the oven is on, the kitchen is warm. The kitchen is warm, so the oven is on.",
    ),
    (
        "deductive_error",
        "All pilots wear uniforms. The doorman wears a uniform. Therefore the doorman is a pilot.",
    ),
    (
        "deductive_error",
        "If she practised, she won the race. She did not practise, so she did not win the race.",
    ),
    (
        "intentional",
        "Have you stopped ignoring your customers' complaints?",
    ),
    (
        "intentional",
        "Why does the company still hide its safety reports?",
    ),
    (
        "intentional",
        "OK, you proved the bridge holds cars, but that's not enough; now prove it will stand "
        "for a thousand years.",
    ),
    (
        "",
        "Since the factory installed filters, the river's nitrate level has fallen by half, "
        "because the filters capture the runoff, the environmental agency reported.",
    ),
    (
        "",
        "Dr. Amara Okafor, a virologist at the Pasteur Institute, says the new strain spreads "
        "faster.",
    ),
    (
        "",
        "Opponents of the tax say it will hurt small shops, and their worry is worth testing "
        "with data.",
    ),
    ("", "Every square is a rectangle."),
    ("", "All visitors must sign in at the front desk."),
    (
        "",
        "Many students chose the evening class, so the school added a second evening section.",
    ),
    (
        "",
        "If the alarm rings, we leave the building. The alarm is ringing, so we leave the "
        "building.",
    ),
    ("", "Either the package arrived today or it will arrive tomorrow, the tracking page says."),
    ("", "How long have you been learning Spanish?"),
    (
        "",
        "The train was late, but the company refunded every ticket the same day.",
    ),
    (
        "",
        "My sister uses a wheelchair, and the new ramp at the library helps her a lot.",
    ),
    (
        "",
        "Crop yields rose after farmers adopted drip irrigation, because the plants got water "
        "at the roots, a five-year field trial found.",
    ),
)

# An op-ed written for the tests: a false cause, an over-generalisation, and a near miss
# ("schools have always had a front-office telephone" is a fact about the past, neither a
# generalisation nor a prediction).
PHONE_BAN_OP_ED = (
    "Ban Phones in Schools\n\n"
    "Our schools are failing, and the reason is in every pocket. Since phones were invented, "
    "grades have fallen, so phones must be the cause. My niece was bullied through a group "
    "chat last spring, and all bullying today happens online. A ban would end it overnight. "
    "Some parents worry that they could not reach their children in an emergency, but schools "
    "have always had a front-office telephone. Teachers report that students check their "
    "phones during lessons. The school board should ban phones from the first bell to the "
    "last."
)
