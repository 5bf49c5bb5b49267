#!/usr/bin/python3
"""Validates SARIF files against the official SARIF 2.1.0 JSON schema (draft-04).

Usage: validate_sarif.py SCHEMA FILE...   Exit 0 when every file is valid, 1 otherwise.
Needs Debian's python3-jsonschema (tools/deps.sh installs it).
"""
import json
import sys

import jsonschema


def main() -> int:
    schema = json.load(open(sys.argv[1], encoding="utf-8"))
    validator = jsonschema.Draft4Validator(schema)
    status = 0
    for path in sys.argv[2:]:
        doc = json.load(open(path, encoding="utf-8"))
        errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.absolute_path))
        for error in errors[:20]:
            where = "/".join(str(p) for p in error.absolute_path)
            print(f"{path}: /{where}: {error.message}")
        if errors:
            status = 1
        else:
            print(f"{path}: valid SARIF 2.1.0")
    return status


if __name__ == "__main__":
    sys.exit(main())
