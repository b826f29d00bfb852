from tools.shared_data import shared_data_file


def test_the_variable_names_the_file_first(tmp_path, monkeypatch):
    data = tmp_path / "mine.tsv"
    data.write_text("x", encoding="utf-8")
    monkeypatch.setenv("SOME_DATA", str(data))
    assert shared_data_file("no-such-file.tsv", "SOME_DATA") == data


def test_a_file_that_is_nowhere_is_none(tmp_path, monkeypatch):
    monkeypatch.setenv("SOME_DATA", str(tmp_path / "missing.tsv"))
    assert shared_data_file("no-such-file.tsv", "SOME_DATA") is None
    monkeypatch.delenv("SOME_DATA")
    assert shared_data_file("no-such-file.tsv", "SOME_DATA") is None
