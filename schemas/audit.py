"""The audit of a claim (`claim` on /v1/score and /v1/settle): what the answer carries under `audit`."""
from __future__ import annotations

from marshmallow import fields

from .messages import Schema


class AuditDifferenceOut(Schema):
    field = fields.String(metadata={"description": "The claimed field (han, fu, points, yaku, limit, deltas.SEAT)."})
    claimed = fields.Raw(metadata={"description": "The claimed value."})
    computed = fields.Raw(metadata={"description": "The computed value."})
    why = fields.String(metadata={"description": "Which part differs: a yaku, the fu, the honba, the sticks, "
                                  "swapped deltas."})


class ExplanationOut(Schema):
    rules = fields.Dict(metadata={"description": "One option change of the preset in use: {option: value}."})
    then = fields.Dict(metadata={"description": "The claimed fields as computed under that change."})


class AuditOut(Schema):
    agrees = fields.Boolean(metadata={"description": "The claim equals the computed answer."})
    differences = fields.List(fields.Nested(AuditDifferenceOut))
    explained_by = fields.List(fields.Nested(ExplanationOut), metadata={
        "description": "Each single option change (each option's alternative values from the option registry, "
        "among the options that can change this answer) under which the computed answer equals the claim."})


def dump_audit(audit) -> dict:
    return {"agrees": audit.agrees, "differences": [d._asdict() for d in audit.differences],
            "explained_by": [{"rules": e.rules, "then": e.then} for e in audit.explained_by]}
