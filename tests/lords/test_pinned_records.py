"""The records of a fixed set of games, pinned byte for byte.

A change to how the engine's code is arranged must not change one game: these hashes were
taken before the rules were split by area (build/lords_pin_records.py plays the whole set,
with the Hard AI too, and prints every hash). A change of the rules or of an AI's play
changes them on purpose: then run that script and take the new hashes from it.
"""

import hashlib
import importlib.util
import pathlib

SCRIPT = pathlib.Path(__file__).resolve().parents[2] / "build" / "lords_pin_records.py"

#: the fast sets of build/lords_pin_records.py (seats, AI levels, games, seed)
SETS = [(2, "random,easy", 4, 11), (2, "medium,hard", 1, 12), (3, "easy,medium,random", 3, 13),
        (4, "random", 4, 15), (4, "easy,easy,medium,medium", 2, 17)]

PINNED = {
    "2-random-easy-11/game-000001.json":
        "d96304b1012fa1360e8877aa56dc02199f0e7ab604954da10effcd284c313ab5",
    "2-random-easy-11/game-000002.json":
        "da564eb3c0f0b5f94b8f28629214f0176fbc89d42d759164943691a1f52f3767",
    "2-random-easy-11/game-000003.json":
        "6e41bb43852de9f9f30964ed58a3fb8e006a2898536ef4cda61b3d6fbcfcb983",
    "2-random-easy-11/game-000004.json":
        "ccc07f3b2671c2ab4507ae78a59a0b1aa0682c9d075170e15ead1398aef45561",
    "2-medium-hard-12/game-000001.json":
        "ee04781f917a11559bff3ad9046e90829c969dc8ccf0d7c8cd9c03dc686ab4ba",
    "3-easy-medium-random-13/game-000001.json":
        "c09f315d1600f1391ba84a6b4bd63f721463ad73f67e0b2a8de72a95a5d2a634",
    "3-easy-medium-random-13/game-000002.json":
        "b97c7f3a142f624bdae941feb17f16f922ec2222ff31a1ac139bef17eeaa5999",
    "3-easy-medium-random-13/game-000003.json":
        "275817f3c7fd06ac23893810954cfdc013b7fd8f09e8662e06682eb46a05b403",
    "4-random-15/game-000001.json":
        "d474c4db48a472a3fcf05475fe29e293e49f60a841ccd00fa46f7910c5b9b8c2",
    "4-random-15/game-000002.json":
        "fb24768bb736546388cfe3054e15bc7e2ffb1a53fb3324d698622e0d5f084198",
    "4-random-15/game-000003.json":
        "d6cb286993de5a609b77b8c06cbfffd9835c85a7c5c9ee361f0847106360513c",
    "4-random-15/game-000004.json":
        "ef2c33b5e2191b3bae70a38ccea7bf28c4ef7d1a1b98f779243402304cb2b40a",
    "4-easy-easy-medium-medium-17/game-000001.json":
        "e50a0251c47cc9b5e7bd819335454c1bd2627a57f8416e74791e7ff59e190bb9",
    "4-easy-easy-medium-medium-17/game-000002.json":
        "c8cb84e51a13ee4ba8dc08e3cb8be198d6543475b6265ec0661248df16b506b0",
}


def load_script():
    spec = importlib.util.spec_from_file_location("lords_pin_records", SCRIPT)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_the_fixed_games_give_the_same_records_byte_for_byte(tmp_path):
    script = load_script()
    got = {}
    for seats, levels, games, seed in SETS:
        assert (seats, levels, seed) in {(s, lv, sd) for s, lv, _g, sd in script.SETS}
        for path in script.play(tmp_path, seats, levels, games, seed):
            got[path.relative_to(tmp_path).as_posix()] = hashlib.sha256(path.read_bytes()).hexdigest()
    assert got == PINNED


def test_the_pinned_records_replay(tmp_path):
    script = load_script()
    for path in script.play(tmp_path, 3, "easy,medium,random", 1, 13):
        script.check(path)
