#!/usr/bin/env python3
"""Reference numbers for Hearth's key drivers (docs/decisions/0077-key-drivers.md).

Generates a seeded synthetic LOWI data set and computes, by a route of its own, what
packages/shared/src/reports/key-drivers must produce from it:

- correlations straight from the raw answers (two-pass: means first, then centred sums),
  never from running moments;
- 90% intervals by Fisher's z with the normal quantile from statistics.NormalDist;
- Johnson's relative weights with the matrix square root (and its inverse) from the
  Denman-Beavers iteration and Gauss-Jordan inversion, never from an eigen-decomposition.

Python 3 standard library only. Writes
packages/shared/src/reports/key-drivers/reference-fixture.json (raw answers and expected numbers).

Usage: python3 scripts/reference/key_drivers_reference.py
"""

import json
import math
import random
import statistics
from pathlib import Path

SEED = 20260517
RESPONDENTS = 400
# A few respondents skip one answer: the complete-case rule must leave them out.
INCOMPLETE = 12

# The instrument's keys and SPARK areas (packages/shared/src/surveys/lowi/areas.ts, agree-items.ts, recommend.ts).
COMPETENCY_ITEMS = [
    ("lowi_teamwork", "SystemicCollaboration"),
    ("lowi_growth", "PositiveVisionOfFuture"),
    ("lowi_contribution", "SystemicCollaboration"),
    ("lowi_inclusivity", "Respect"),
    ("lowi_future_focused", "PositiveVisionOfFuture"),
    ("lowi_competence", "KillerSupportOfAchievement"),
    ("lowi_perseverance", "AchievementOrientation"),
    ("lowi_goal_oriented", "AchievementOrientation"),
    ("lowi_values", "AlignmentOfValues"),
    ("lowi_honesty", "AlignmentOfValues"),
    ("lowi_accountability", "AchievementOrientation"),
    ("lowi_psychological_safety", "Respect"),
    ("lowi_appreciation", "Respect"),
    ("lowi_trust", "Respect"),
    ("lowi_belonging", "SystemicCollaboration"),
]
LOVE_ITEMS = [
    ("lowi_love_company", "AlignmentOfValues"),
    ("lowi_love_workplace", "KillerSupportOfAchievement"),
    ("lowi_love_manager", "KillerSupportOfAchievement"),
    ("lowi_love_coworkers", "SystemicCollaboration"),
    ("lowi_love_ceo", "PositiveVisionOfFuture"),
]
SPARK_AREAS = [
    "SystemicCollaboration",
    "PositiveVisionOfFuture",
    "AlignmentOfValues",
    "Respect",
    "KillerSupportOfAchievement",
    "AchievementOrientation",
]
RECOMMEND_KEY = "lowi_recommend"

OUTPUT = Path(__file__).resolve().parents[2] / "packages/shared/src/reports/key-drivers/reference-fixture.json"


def clamp_round(value, low, high):
    return max(low, min(high, int(math.floor(value + 0.5))))


def generate(rng):
    """Answers as the instrument stores them: agree items 1..5, recommend 1 (Very Likely) .. 10 (Not at All Likely)."""
    general_loading = {key: rng.uniform(0.3, 0.9) for key, _ in COMPETENCY_ITEMS + LOVE_ITEMS}
    area_loading = {key: rng.uniform(0.2, 0.7) for key, _ in COMPETENCY_ITEMS + LOVE_ITEMS}
    centre = {key: rng.uniform(3.0, 4.0) for key, _ in COMPETENCY_ITEMS + LOVE_ITEMS}
    # How strongly each competency feeds loving the company and recommending it: the drivers to be found.
    pull = {key: rng.uniform(0.0, 0.5) for key, _ in COMPETENCY_ITEMS}
    rows = []
    for _ in range(RESPONDENTS):
        general = rng.gauss(0, 1)
        area_factor = {area: rng.gauss(0, 1) for area in SPARK_AREAS}
        row = {}
        latent_sum = 0.0
        for key, area in COMPETENCY_ITEMS:
            latent = general_loading[key] * general + area_loading[key] * area_factor[area] + 0.6 * rng.gauss(0, 1)
            latent_sum += pull[key] * latent
            row[key] = clamp_round(centre[key] + 0.8 * latent, 1, 5)
        attachment = 0.5 * general + 0.35 * latent_sum + 0.5 * rng.gauss(0, 1)
        for key, area in LOVE_ITEMS:
            latent = general_loading[key] * attachment + area_loading[key] * area_factor[area] + 0.55 * rng.gauss(0, 1)
            row[key] = clamp_round(centre[key] + 0.7 * latent, 1, 5)
        likelihood = clamp_round(6.0 + 1.5 * attachment + 0.4 * latent_sum + 1.2 * rng.gauss(0, 1), 1, 10)
        row[RECOMMEND_KEY] = 11 - likelihood
        rows.append(row)
    keys = [key for key, _ in COMPETENCY_ITEMS + LOVE_ITEMS] + [RECOMMEND_KEY]
    for index in rng.sample(range(RESPONDENTS), INCOMPLETE):
        rows[index][rng.choice(keys)] = None
    return keys, rows


def mean(values):
    return sum(values) / len(values)


def pearson(xs, ys):
    mx, my = mean(xs), mean(ys)
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    return sxy / math.sqrt(sxx * syy)


def fisher_interval(r, n, z_critical):
    z = math.atanh(r)
    half = z_critical / math.sqrt(n - 3)
    return math.tanh(z - half), math.tanh(z + half)


def identity(size):
    return [[1.0 if i == j else 0.0 for j in range(size)] for i in range(size)]


def invert(matrix):
    """Gauss-Jordan elimination with partial pivoting."""
    size = len(matrix)
    work = [list(row) + identity(size)[i] for i, row in enumerate(matrix)]
    for column in range(size):
        pivot = max(range(column, size), key=lambda row: abs(work[row][column]))
        if abs(work[pivot][column]) < 1e-14:
            raise ValueError("singular matrix")
        work[column], work[pivot] = work[pivot], work[column]
        scale = work[column][column]
        work[column] = [value / scale for value in work[column]]
        for row in range(size):
            if row != column and work[row][column] != 0.0:
                factor = work[row][column]
                work[row] = [a - factor * b for a, b in zip(work[row], work[column])]
    return [row[size:] for row in work]


def multiply(a, b):
    return [[sum(a[i][k] * b[k][j] for k in range(len(b))) for j in range(len(b[0]))] for i in range(len(a))]


def denman_beavers(matrix, tolerance=1e-14, max_steps=100):
    """Y -> A^(1/2), Z -> A^(-1/2): Y' = (Y + Z^-1) / 2, Z' = (Z + Y^-1) / 2, from Y = A, Z = I."""
    y = [list(row) for row in matrix]
    z = identity(len(matrix))
    for _ in range(max_steps):
        y_inverse, z_inverse = invert(y), invert(z)
        y_next = [[(a + b) / 2 for a, b in zip(r1, r2)] for r1, r2 in zip(y, z_inverse)]
        z_next = [[(a + b) / 2 for a, b in zip(r1, r2)] for r1, r2 in zip(z, y_inverse)]
        change = max(abs(a - b) for r1, r2 in zip(y_next, y) for a, b in zip(r1, r2))
        y, z = y_next, z_next
        if change < tolerance:
            break
    square = multiply(y, y)
    residual = max(abs(a - b) for r1, r2 in zip(square, matrix) for a, b in zip(r1, r2))
    if residual > 1e-10:
        raise ValueError(f"Denman-Beavers did not converge (residual {residual})")
    return y, z


def relative_weights(columns, outcome):
    """Johnson's relative weights of the predictor columns on the outcome column."""
    k = len(columns)
    rxx = [[1.0 if i == j else pearson(columns[i], columns[j]) for j in range(k)] for i in range(k)]
    rxy = [pearson(column, outcome) for column in columns]
    root, inverse_root = denman_beavers(rxx)
    beta = [sum(inverse_root[i][j] * rxy[j] for j in range(k)) for i in range(k)]
    raw = [sum(root[j][i] ** 2 * beta[i] ** 2 for i in range(k)) for j in range(k)]
    r_squared = sum(raw)
    return raw, r_squared, [value / r_squared * 100 for value in raw]


def family(named_columns, partners, z_critical, n, weighted):
    """named_columns: [(key, column)]; partners: one column each to correlate with (the outcome or a rest score)."""
    drivers = {}
    weights = relative_weights([column for _, column in named_columns], partners[0]) if weighted else None
    for index, ((key, column), partner) in enumerate(zip(named_columns, partners)):
        r = pearson(column, partner)
        low, high = fisher_interval(r, n, z_critical)
        entry = {"r": r, "low": low, "high": high, "weight": None, "rawWeight": None}
        if weights is not None:
            entry["weight"] = weights[2][index]
            entry["rawWeight"] = weights[0][index]
        drivers[key] = entry
    return {"rSquared": weights[1] if weights is not None else None, "drivers": drivers}


def expected_numbers(keys, rows):
    complete = [row for row in rows if all(row[key] is not None for key in keys)]
    n = len(complete)
    z_critical = statistics.NormalDist().inv_cdf(0.95)
    column = {key: [float(row[key]) for row in complete] for key in keys}
    likelihood = [11.0 - value for value in column[RECOMMEND_KEY]]
    love_keys = [key for key, _ in LOVE_ITEMS]
    love = [mean([row[key] for key in love_keys]) for row in complete]
    rest = {key: [mean([row[other] for other in love_keys if other != key]) for row in complete] for key in love_keys}
    items = [(key, column[key]) for key, _ in COMPETENCY_ITEMS]
    areas = [
        (area, [mean([row[key] for key, item_area in COMPETENCY_ITEMS if item_area == area]) for row in complete])
        for area in SPARK_AREAS
    ]
    love_items = [(key, column[key]) for key in love_keys]
    outcomes = {}
    for name, outcome in (("love", love), ("recommend", likelihood)):
        outcomes[name] = {
            "item": family(items, [outcome] * len(items), z_critical, n, True),
            "area": family(areas, [outcome] * len(areas), z_critical, n, True),
            "loveArea": (
                family(love_items, [rest[key] for key in love_keys], z_critical, n, False)
                if name == "love"
                else family(love_items, [outcome] * len(love_items), z_critical, n, True)
            ),
        }
    return {"n": n, "zCritical": z_critical, "outcomes": outcomes}


def main():
    rng = random.Random(SEED)
    keys, rows = generate(rng)
    fixture = {
        "generator": "scripts/reference/key_drivers_reference.py",
        "seed": SEED,
        "respondents": RESPONDENTS,
        "note": (
            "Synthetic answers, seeded. Agree items 1..5; recommend as the instrument stores it, 1 = Very Likely .. "
            "10 = Not at All Likely, turned round (11 - value) before any correlation. Each column holds one answer per "
            "respondent, space-separated, in respondent order; - = not answered, and such respondents are left out "
            "(complete cases). Love areas on love correlate with the rest score and carry "
            "no weight."
        ),
        "keys": keys,
        "columns": {key: " ".join("-" if row[key] is None else str(row[key]) for row in rows) for key in keys},
        "expected": expected_numbers(keys, rows),
    }
    OUTPUT.write_text(json.dumps(fixture, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {OUTPUT} ({fixture['expected']['n']} complete of {RESPONDENTS})")


if __name__ == "__main__":
    main()
