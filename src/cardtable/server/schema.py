"""The OpenAPI schema states the real answers: each route's error statuses with their body.

A route lists the faults it may refuse with; :func:`answers` turns them into the statuses of
its OpenAPI entry (by :data:`cardtable.server.edge.STATUS`), each with the body every error has
(``{"error": {"code", "message"}}``) and the codes it may carry. FastAPI's own ``422`` never
happens here (a request that does not fit is answered 400), so :class:`ServerApp` removes it.

>>> sorted(answers(Fault.NO_USER, Fault.NO_TABLE, Fault.STARTED, body=True))
[401, 404, 409, 413]
>>> answers(Fault.STARTED, Fault.FULL)[409]["description"]
'codes: started, full'
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI

from cardtable.server.edge import status_of
from cardtable.server.protocol import HTTPErrorOut
from cardtable.table.errors import Fault

__all__ = ["ServerApp", "answers", "without_422"]

_ERROR_REF = {"$ref": "#/components/schemas/HTTPErrorOut"}


def answers(*faults: Fault, checked: bool = False, body: bool = False) -> dict[int | str, Any]:
    """A route's error answers for its OpenAPI entry: the status of each fault it may refuse
    with, 400 ``bad-request`` where FastAPI checks its input (``checked``), 413 ``too-big``
    where it takes a body."""
    codes: dict[int, list[str]] = {}
    for fault in faults:
        codes.setdefault(status_of(fault), []).append(str(fault))
    if checked:
        codes.setdefault(400, []).append("bad-request")
    if body:
        codes.setdefault(413, []).append("too-big")
    return {
        status: {"model": HTTPErrorOut, "description": "codes: " + ", ".join(names)}
        for status, names in sorted(codes.items())
    }


def without_422(schema: dict[str, Any]) -> dict[str, Any]:
    """``schema`` without FastAPI's ``422`` answers (and their schemas): a route that declares
    no error of its own answers 400 ``bad-request`` instead, with the error body.

    >>> op = {"responses": {"200": {}, "422": {"description": "Validation Error"}}}
    >>> done = without_422({"paths": {"/x": {"get": op}}, "components": {"schemas": {}}})
    >>> sorted(done["paths"]["/x"]["get"]["responses"])
    ['200', '400']
    """
    for path in schema.get("paths", {}).values():
        for operation in path.values():
            responses = operation.get("responses", {})
            declared = any(code.startswith("4") and code != "422" for code in responses)
            # A route that declares its errors (``answers``) says whether it checks input; one
            # that does not (the browser's files) has FastAPI's guess, which is 400 here.
            if responses.pop("422", None) is not None and not declared:
                responses["400"] = {
                    "description": "codes: bad-request",
                    "content": {"application/json": {"schema": _ERROR_REF}},
                }
    components = schema.setdefault("components", {}).setdefault("schemas", {})
    for name in ("HTTPValidationError", "ValidationError"):
        components.pop(name, None)
    if "HTTPErrorOut" not in components:
        for name, part in (
            HTTPErrorOut.model_json_schema(ref_template="#/components/schemas/{model}")
            .pop("$defs", {})
            .items()
        ):
            components.setdefault(name, part)
        components["HTTPErrorOut"] = HTTPErrorOut.model_json_schema(
            ref_template="#/components/schemas/{model}"
        )
        components["HTTPErrorOut"].pop("$defs", None)
    return schema


class ServerApp(FastAPI):
    """The server's application: its OpenAPI schema states the answers it really gives."""

    def openapi(self) -> dict[str, Any]:
        if self.openapi_schema is None:
            self.openapi_schema = without_422(super().openapi())
        return self.openapi_schema
