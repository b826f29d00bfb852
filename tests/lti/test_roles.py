from toulmini_site.lti.domain.roles import class_role

LIS = "http://purl.imsglobal.org/vocab/lis/v2"


def test_instructors_and_teaching_assistants_teach():
    assert class_role([f"{LIS}/membership#Instructor"]) == "teacher"
    assert class_role([f"{LIS}/membership/Instructor#TeachingAssistant"]) == "teacher"
    assert class_role(["urn:lti:role:ims/lis/TeachingAssistant"]) == "teacher"
    assert class_role(["Instructor"]) == "teacher"


def test_learners_are_students_and_a_teaching_role_wins():
    assert class_role([f"{LIS}/membership#Learner"]) == "student"
    assert class_role([f"{LIS}/membership#Learner", f"{LIS}/membership#Instructor"]) == "teacher"


def test_institution_and_other_course_roles_give_no_place():
    assert class_role([f"{LIS}/institution/person#Instructor"]) is None
    assert class_role([f"{LIS}/system/person#Administrator"]) is None
    assert class_role([f"{LIS}/membership#Mentor"]) is None
    assert class_role([]) is None
