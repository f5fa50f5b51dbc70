"""GET /v1/presets and GET /v1/presets/{name}: what each preset is and every option it sets."""
from __future__ import annotations

from dataclasses import asdict, fields as dc_fields

from marshmallow import fields

from .messages import Schema
from werkzeug.exceptions import NotFound

from calculator.core.errors import did_you_mean
from calculator.rules import (ALIASES, DEFAULT_PRESET, DERIVED, PRESETS, Rules, derived_value, describe_option,
                              preset_rules, value_source)


def preset_list() -> dict:
    return {"presets": [{"name": p.name, "description": p.description, "source": p.source, "covers": p.covers,
                         "scoring": p.scoring} for p in PRESETS.values()]}


def preset_detail(name: str) -> dict:
    if name not in PRESETS:
        raise NotFound(f"No preset {name!r}.{did_you_mean(name, PRESETS, 1)} Valid presets: {', '.join(PRESETS)}.")
    p = PRESETS[name]
    values = asdict(preset_rules(name))
    options = []
    for f in dc_fields(Rules):
        d = describe_option(f)
        v = values[f.name]
        d["value"] = list(v) if isinstance(v, tuple) else v
        d["value_source"], d["verified"] = value_source(name, f.name)
        options.append(d)
    options += api_names(name, values, options)
    return {"name": p.name, "description": p.description, "source": p.source, "covers": p.covers,
            "scoring": p.scoring, "options": options}


def api_names(name: str, values: dict, options: list[dict]) -> list[dict]:
    """API.md's option names that are other names of an option (ALIASES: `alias_of`, same value and source) or
    cover several (DERIVED: `derived_from`, read-only)."""
    by_name = {o["name"]: o for o in options}
    out = []
    for alias, target in ALIASES.items():
        out.append({**by_name[target], "name": alias, "alias_of": target,
                    "description": f"API.md's name of {target}: " + by_name[target]["description"]})
    rules, default = preset_rules(name), preset_rules(DEFAULT_PRESET)
    for derived, parts in DERIVED.items():
        value = derived_value(rules, derived)
        source = f"docs/sanma.md#three-player: from {', '.join(parts)}"
        # why: the sources of the options this preset changes (none changed: the name's own source)
        why = [by_name[p]["value_source"] for p in parts if by_name[p]["value"] != by_name[p]["default"]]
        out.append({"name": derived, "derived_from": list(parts), "type": "array" if isinstance(value, list)
                    else "string", "value": value, "default": derived_value(default, derived), "source": source,
                    "description": f"API.md's {derived}, read-only: the value that {', '.join(parts)} give.",
                    "value_source": "; ".join(dict.fromkeys(why)) or source,
                    "verified": all(by_name[p]["verified"] for p in parts)})
    return out


class PresetSummaryOut(Schema):
    name = fields.String(metadata={"description": "Preset name, as used in `rules.preset`."})
    description = fields.String(metadata={"description": "One line on what the preset is."})
    source = fields.String(metadata={"description": "The rule documents it follows (RULES.md tags)."})
    covers = fields.String(metadata={"description": "What the service computes under this preset."})
    scoring = fields.Boolean(metadata={"description": "Whether /v1/score is defined for this preset (false: its "
                                       "family's hand scoring is not in the rule collection; /v1/score answers 422)."})


class PresetListOut(Schema):
    presets = fields.List(fields.Nested(PresetSummaryOut))


class OptionOut(Schema):
    name = fields.String(metadata={"description": "Option name, as used in the `rules` object."})
    description = fields.String(metadata={"description": "What the option means."})
    source = fields.String(metadata={"description": "Where the rule comes from (RULES.md section and tags)."})
    type = fields.String(metadata={"description": "boolean, integer, string or array."})
    choices = fields.List(fields.Raw(), metadata={"description": "Allowed values, for enumerations."})
    minimum = fields.Integer(metadata={"description": "Lowest allowed value, for numbers."})
    multiple_of = fields.Integer(metadata={"description": "Allowed values are multiples of this, for numbers."})
    default = fields.Raw(metadata={"description": "Value when no preset sets it (the japanese_modern value)."})
    value = fields.Raw(metadata={"description": "Value under this preset."})
    value_source = fields.String(metadata={"description": "Why this preset has this value: RULES.md section, option, "
                                           "profile column and source tags. An option the preset does not set has "
                                           "the default (japanese_modern) value, and its own `source`."})
    verified = fields.Boolean(metadata={"description": "false where RULES.md gives this preset's value as '?', "
                                        "'(unverified)', '(inferred)' or only [DERIVED], or no source states it "
                                        "(the service's own reading, explained in value_source)."})
    alias_of = fields.String(metadata={"description": "For API.md's other name of an option (honba_value, "
                                       "noten_total, return_points, oka, uma): the option it names. Either name "
                                       "may be set in `rules`, not both."})
    derived_from = fields.List(fields.String(), metadata={
        "description": "For API.md's names that cover several options (nagashi_mangan, abortive_draws): those "
                       "options. Read-only: setting it in `rules` is 422 invalid_option."})


class PresetOut(PresetSummaryOut):
    options = fields.List(fields.Nested(OptionOut))
