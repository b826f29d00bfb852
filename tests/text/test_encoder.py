"""The sentence encoder: its files are verified before use, and it reads meaning.

The package's weights are loaded once for the whole session (``default_encoder`` is cached per
process); the refusal tests read copies in a temporary directory.
"""

from __future__ import annotations

import json
import shutil
from importlib import metadata
from pathlib import Path

import numpy as np
import pytest

from toulmini_site.refusals import Refusal
from toulmini_site.text import encoder as encoder_module
from toulmini_site.text.encoder import (
    CONFIG_FILE,
    DIMENSION,
    EXPECTED_DIGESTS,
    TOKENIZER_FILE,
    WEIGHTS_FILE,
    EmbeddingCache,
    EncoderRefused,
    default_encoder,
    load_encoder,
    package_directory,
    verify_directory,
)

WEIGHTS_DIGEST = EXPECTED_DIGESTS[WEIGHTS_FILE]
TOKENIZER_DIGEST = EXPECTED_DIGESTS[TOKENIZER_FILE]


@pytest.fixture(scope="session")
def encoder():
    return default_encoder()


@pytest.fixture(scope="module")
def copy_of_model(tmp_path_factory) -> Path:
    """A real copy of the package's model directory (the files a TEXT_ENCODER_DIR holds)."""
    target = tmp_path_factory.mktemp("encoder") / "model"
    shutil.copytree(package_directory(), target)
    return target


def _copy_with(source: Path, target: Path, *, skip: str = "") -> Path:
    target.mkdir()
    for name in (WEIGHTS_FILE, TOKENIZER_FILE, CONFIG_FILE, "sentence_bert_config.json"):
        if name != skip:
            (target / name).symlink_to(source / name)
    return target


def _refusal(directory: Path) -> str:
    with pytest.raises(EncoderRefused) as caught:
        load_encoder(directory)
    assert isinstance(caught.value, Refusal)
    assert caught.value.code == "ENCODER_REFUSED"
    assert caught.value.status == 503
    return str(caught.value)


def test_the_package_files_are_the_published_ones():
    directory = package_directory()
    assert directory.name == "model"
    verify_directory(directory)  # raises unless both digests match


def test_an_untampered_copy_is_verified_and_encodes(copy_of_model, encoder):
    copied = load_encoder(copy_of_model)
    sentences = ["The new movie is awesome", "Cities should ban cars."]
    assert np.array_equal(copied.encode(sentences), encoder.encode(sentences))


def test_weights_with_one_byte_changed_are_refused_naming_the_file_and_digest(
    copy_of_model, tmp_path
):
    tampered = _copy_with(copy_of_model, tmp_path / "tampered", skip=WEIGHTS_FILE)
    shutil.copyfile(copy_of_model / WEIGHTS_FILE, tampered / WEIGHTS_FILE)
    with (tampered / WEIGHTS_FILE).open("r+b") as handle:
        handle.seek(50_000_000)
        byte = handle.read(1)
        handle.seek(50_000_000)
        handle.write(bytes([byte[0] ^ 0x01]))
    message = _refusal(tampered)
    assert str(tampered / WEIGHTS_FILE) in message
    assert f"expected {WEIGHTS_DIGEST}" in message
    assert "not the published one" in message


def test_a_tampered_tokenizer_is_refused(copy_of_model, tmp_path):
    tampered = _copy_with(copy_of_model, tmp_path / "tampered", skip=TOKENIZER_FILE)
    data = (copy_of_model / TOKENIZER_FILE).read_bytes()
    (tampered / TOKENIZER_FILE).write_bytes(data.replace(b'"[UNK]"', b'"[UNQ]"', 1))
    message = _refusal(tampered)
    assert str(tampered / TOKENIZER_FILE) in message
    assert f"expected {TOKENIZER_DIGEST}" in message


def test_a_missing_weights_file_is_refused(copy_of_model, tmp_path):
    partial = _copy_with(copy_of_model, tmp_path / "partial", skip=WEIGHTS_FILE)
    message = _refusal(partial)
    assert f"{partial / WEIGHTS_FILE} is missing" in message
    assert WEIGHTS_DIGEST in message


def test_a_missing_directory_is_refused(tmp_path):
    assert "does not exist" in _refusal(tmp_path / "nowhere")


def test_a_config_for_another_architecture_is_refused(copy_of_model, tmp_path):
    other = _copy_with(copy_of_model, tmp_path / "other", skip=CONFIG_FILE)
    config = json.loads((copy_of_model / CONFIG_FILE).read_text())
    (other / CONFIG_FILE).write_text(json.dumps({**config, "num_hidden_layers": 12}))
    assert "num_hidden_layers=12" in _refusal(other)


def test_without_the_package_the_refusal_says_how_to_install_it(monkeypatch):
    def not_installed(name):
        raise metadata.PackageNotFoundError(name)

    monkeypatch.setattr(encoder_module.metadata, "distribution", not_installed)
    with pytest.raises(EncoderRefused, match="make setup"):
        package_directory()


def test_the_environment_variable_and_the_setting_choose_the_directory(monkeypatch, tmp_path):
    monkeypatch.setattr(encoder_module, "_configured", None)
    monkeypatch.setenv("TEXT_ENCODER_DIR", str(tmp_path / "from-env"))
    assert encoder_module.encoder_directory() == tmp_path / "from-env"
    monkeypatch.setattr(encoder_module, "_configured", tmp_path / "from-settings")
    assert encoder_module.encoder_directory() == tmp_path / "from-settings"
    monkeypatch.delenv("TEXT_ENCODER_DIR")
    monkeypatch.setattr(encoder_module, "_configured", None)
    assert encoder_module.encoder_directory() == package_directory()


def test_the_loaded_encoder_holds_blas_to_one_thread(encoder):
    from threadpoolctl import threadpool_info

    blas = [pool for pool in threadpool_info() if pool["user_api"] == "blas"]
    assert blas and all(pool["num_threads"] == 1 for pool in blas)


def test_a_blas_loaded_after_the_encoder_runs_one_thread_too(encoder):
    # scipy brings its own OpenBLAS; loaded after the encoder (a tool importing scikit-learn,
    # or another test on the same worker) it used to start with a thread per core.
    import os
    import subprocess
    import sys

    script = (
        "import os; os.environ.pop('OPENBLAS_NUM_THREADS', None)\n"
        "from toulmini_site.text.encoder import load_encoder\n"
        "load_encoder()\n"
        "import scipy.linalg\n"
        "from threadpoolctl import threadpool_info\n"
        "print(*[p['num_threads'] for p in threadpool_info() if p['user_api'] == 'blas'])\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, check=True
    ).stdout.split()
    # numpy's and scipy's each here; a build where they share one BLAS shows one.
    assert out and set(out) == {"1"}


def test_vectors_are_float32_unit_rows_in_order(encoder):
    vectors = encoder.encode(["First sentence.", "A second, longer sentence here.", "Third."])
    assert vectors.shape == (3, DIMENSION)
    assert vectors.dtype == np.float32
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    assert encoder.encode([]).shape == (0, DIMENSION)


# The scores sentence-transformers prints for all-MiniLM-L6-v2 in its paraphrase-mining example
# (examples/applications/paraphrase-mining, computed with torch): an independent reference.
PUBLISHED_SCORES = [
    ("The new movie is awesome", "The new movie is so great", 0.8939),
    ("The cat sits outside", "The cat plays in the garden", 0.6788),
    ("I love pasta", "Do you like pizza?", 0.5096),
    ("I love pasta", "The new movie is so great", 0.2560),
    ("I love pasta", "The new movie is awesome", 0.2440),
    ("A man is playing guitar", "The cat plays in the garden", 0.2105),
    ("The new movie is awesome", "Do you like pizza?", 0.1969),
    ("The new movie is so great", "Do you like pizza?", 0.1692),
    ("The cat sits outside", "A woman watches TV", 0.1310),
    ("The cat plays in the garden", "Do you like pizza?", 0.0900),
]


def test_cosines_match_the_scores_sentence_transformers_publishes(encoder):
    for first, second, published in PUBLISHED_SCORES:
        a, b = encoder.encode([first, second])
        assert abs(float(a @ b) - published) <= 0.00006, (first, second)


def test_a_paraphrase_is_nearer_than_an_unrelated_sentence(encoder):
    claim, paraphrase, unrelated = encoder.encode(
        [
            "Cities should ban cars from their centres.",
            "Private cars ought to be kept out of town centres.",
            "My grandmother grew tomatoes in her garden.",
        ]
    )
    assert float(claim @ paraphrase) > 0.5 > float(claim @ unrelated) + 0.3


def test_pinned_values_of_one_embedding(encoder):
    # Computed by this implementation (torch cannot be installed here); the cosines above
    # tie it to sentence-transformers' own figures.
    vector = encoder.encode(["This is an example sentence"])[0]
    expected = [0.06765689, 0.06349584, 0.0487131, 0.07930505, 0.03744807]
    assert np.allclose(vector[:5], expected, atol=2e-6)


def test_encoding_is_deterministic_and_independent_of_the_batch(encoder):
    sentence = "Therefore the council should fund the library."
    alone = encoder.encode([sentence])[0].copy()
    encoder.cache.clear()
    again = encoder.encode([sentence])[0]
    assert np.array_equal(alone, again)
    encoder.cache.clear()
    beside_a_long_one = encoder.encode(["word " * 200, sentence])[1]
    assert np.allclose(alone, beside_a_long_one, atol=1e-5)  # padding is masked out


def test_a_text_past_256_tokens_is_truncated_not_refused(encoder):
    long = " ".join(["evidence"] * 600)
    before = encoder.tokens_encoded
    vector = encoder.encode([long])[0]
    assert encoder.tokens_encoded - before == 256
    assert np.isclose(np.linalg.norm(vector), 1.0, atol=1e-5)


def test_repeated_sentences_come_from_the_cache(encoder):
    sentences = [f"Sentence {n} about the cache of the encoder." for n in range(3)]
    first = encoder.encode(sentences)
    before = encoder.tokens_encoded
    second = encoder.encode([*sentences, sentences[0]])
    assert encoder.tokens_encoded == before
    assert np.array_equal(second[:3], first) and np.array_equal(second[3], first[0])


def test_the_cache_drops_the_least_recently_used_first():
    cache = EmbeddingCache(2)
    row = np.zeros(3, dtype=np.float32)
    cache.put_many({"a": row, "b": row})
    assert cache.get_many(["a"]).keys() == {"a"}  # "a" is now the most recent
    cache.put_many({"c": row})
    assert cache.get_many(["a", "b", "c"]).keys() == {"a", "c"}
    assert len(cache) == 2
    nothing = EmbeddingCache(0)
    nothing.put_many({"a": row})
    assert len(nothing) == 0
