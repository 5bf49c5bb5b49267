#!/usr/bin/python3
"""Validates JSON files against a JSON Schema (any draft python3-jsonschema knows; rocelint's
docs/schemas/rocelint-output.schema.json is draft 2020-12).

Usage: validate_json_schema.py SCHEMA FILE...   Exit 0 when the schema is well-formed and every
file is valid, 1 otherwise; one "FILE: valid (DEF)" or "FILE: /path: message" line per file.
Needs Debian's python3-jsonschema (tools/deps.sh installs it).

A top-level oneOf of "$ref": "#/$defs/NAME" alternatives is resolved first: a document is checked
against the alternative whose required members it has most of, so an error names the member at
fault instead of "not valid under any of the given schemas".
"""
import json
import sys

import jsonschema


def alternative(schema, doc):
    """The $defs name of the oneOf alternative with the largest share of its required members in
    doc (a document missing one member is still checked against its own kind), or None."""
    if not isinstance(doc, dict):
        return None
    best, best_share = None, 0.0
    for branch in schema.get("oneOf", []):
        ref = branch.get("$ref", "")
        if not ref.startswith("#/$defs/"):
            continue
        name = ref[len("#/$defs/"):]
        required = schema["$defs"][name].get("required", [])
        share = sum(key in doc for key in required) / len(required) if required else 0.0
        if share > best_share:
            best, best_share = name, share
    return best


def main() -> int:
    schema = json.load(open(sys.argv[1], encoding="utf-8"))
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    status = 0
    for path in sys.argv[2:]:
        doc = json.load(open(path, encoding="utf-8"))
        name = alternative(schema, doc)
        target = schema
        if name is not None:
            target = {k: v for k, v in schema.items() if k != "oneOf"}
            target["$ref"] = "#/$defs/" + name
        errors = list(cls(target).iter_errors(doc))
        if errors:
            error = jsonschema.exceptions.best_match(errors)
            where = "/".join(str(p) for p in error.absolute_path)
            message = error.message if len(error.message) <= 300 else error.message[:300] + "..."
            print(f"{path}: /{where}: {message}")
            status = 1
        else:
            print(f"{path}: valid ({name or 'schema'})")
    return status


if __name__ == "__main__":
    sys.exit(main())
