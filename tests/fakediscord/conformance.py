"""Is a request one Discord would accept? Checked against Discord's own OpenAPI description and its
documented limits, not against what we believe.

- The request body of each route is validated with ``jsonschema`` against the schema Discord publishes
  for it (``tests/fixtures/discord_openapi/openapi.subset.json``, copied from discord/discord-api-spec).
- Limits the spec leaves to the developer documentation are checked by hand: command and option names,
  descriptions, choices, the 8,000 characters of one command, 25 options and choices, message content
  2,000, 5 action rows of 5 components, ``custom_id`` 1-100, autocomplete answers (25 choices, names and
  values 1-100).

Each problem is a :class:`Violation` naming the route, the field and the rule. The fake Discord answers such
a request with Discord's 400 / 50035 and the ``fake_discord`` fixture fails the test.

>>> checker = Conformance.load()
>>> [str(v) for v in checker.check("POST", "/channels/1/messages", {"content": "x" * 2001})]
['POST /channels/{channel_id}/messages: content: at most 2000 characters (2001)']
>>> checker.check("POST", "/channels/1/messages", {"content": "hello"})
[]
"""

from __future__ import annotations

import copy
import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Iterable, Iterator, List, Mapping, Optional, Tuple

from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match

SPEC_FILE = Path(__file__).resolve().parents[1] / "fixtures" / "discord_openapi" / "openapi.subset.json"

# Discord's developer documentation (the limits the OpenAPI description does not state).
NAME_RULE = re.compile(r"^[-_'\w\u0900-\u097F\u0E00-\u0E7F]{1,32}$")
DESCRIPTION_MAX = 100
OPTIONS_MAX = 25
CHOICES_MAX = 25
CHOICE_MAX = 100
COMMAND_SIZE_MAX = 8000
CONTENT_MAX = 2000
ROWS_MAX = 5
ROW_ITEMS_MAX = 5
CUSTOM_ID_MAX = 100
BUTTON_LABEL_MAX = 80

SUBCOMMAND, SUBCOMMAND_GROUP, STRING = 1, 2, 3
ACTION_ROW, BUTTON = 1, 2


@dataclass(frozen=True)
class Violation:
    route: str
    field: str
    rule: str

    def __str__(self) -> str:
        return f"{self.route}: {self.field or '(body)'}: {self.rule}"


def _relaxed(spec: dict) -> dict:
    """The spec with one documented leniency of Discord: a snowflake may be sent as a JSON integer
    (discord.py 2.7 sends attachment ids and ``recipient_id`` so, and Discord accepts them)."""
    spec = copy.deepcopy(spec)
    schemas = spec["components"]["schemas"]
    if "SnowflakeType" in schemas:
        schemas["SnowflakeType"] = {"anyOf": [schemas["SnowflakeType"], {"type": "integer", "minimum": 0}]}
    return spec


class Conformance:
    def __init__(self, spec: Mapping[str, Any]) -> None:
        self.spec = _relaxed(dict(spec))
        self.routes: List[Tuple[str, re.Pattern[str], str, Optional[Draft202012Validator]]] = []
        # literal segments (@me, @original) first, so they are not taken for {ids}
        templates = sorted(self.spec["paths"], key=lambda t: (t.count("{"), t))
        for template in templates:
            rx = re.compile("^" + re.sub(r"\\\{[a-z_]+\\\}", r"[^/]+", re.escape(template)) + "$")
            for method, operation in self.spec["paths"][template].items():
                if method == "parameters":
                    continue
                schema = ((operation.get("requestBody") or {}).get("content") or {}).get("application/json", {}).get("schema")
                validator = None
                if schema is not None:
                    root = dict(schema, components=self.spec["components"])
                    validator = Draft202012Validator(root)
                self.routes.append((method.upper(), rx, template, validator))

    @classmethod
    @cache
    def load(cls, path: Path = SPEC_FILE) -> "Conformance":
        return cls(json.loads(path.read_text(encoding="utf-8")))

    def route(self, method: str, path: str) -> Optional[Tuple[str, Optional[Draft202012Validator]]]:
        for route_method, rx, template, validator in self.routes:
            if route_method == method.upper() and rx.match(path):
                return template, validator
        return None

    def check(self, method: str, path: str, body: Any) -> List[Violation]:
        """Every reason Discord would refuse ``method path`` with this JSON ``body``. A route the fixture
        does not hold is not judged here: the fake Discord does not serve it either (``unhandled``)."""
        found = self.route(method, path)
        if found is None:
            return []
        template, validator = found
        route = f"{method.upper()} {template}"
        problems: List[Violation] = []
        if validator is not None and body is not None:
            for error in sorted(validator.iter_errors(body), key=lambda e: [str(p) for p in e.absolute_path]):
                # "not valid under any of the given schemas" says little: name the closest alternative's reason
                reason = best_match(error.context) if error.context else error
                problems.append(Violation(route, _field(reason.absolute_path), _short(reason.message)))
        if isinstance(body, (dict, list)):
            problems += [Violation(route, field, rule) for field, rule in _limits(template, method.upper(), body)]
        return problems


def _field(path: Iterable[Any]) -> str:
    return ".".join(str(p) for p in path)


def _short(message: str, limit: int = 300) -> str:
    return message if len(message) <= limit else message[: limit - 1] + "…"


# --------------------------------------------------------------------------------------------------
# documented limits


def _limits(template: str, method: str, body: Any) -> Iterator[Tuple[str, str]]:
    if template.endswith("/commands") and method == "PUT":
        for index, command in enumerate(body if isinstance(body, list) else []):
            yield from command_problems(command, f"{index}")
        return
    if template.endswith("/callback"):
        kind = body.get("type")
        data = body.get("data") or {}
        if kind == 8:
            yield from _autocomplete_problems(data.get("choices") or [], "data.choices")
        elif kind in (4, 7):
            yield from message_problems(data, "data.")
        return
    if method in ("POST", "PATCH") and (
        template.endswith("/messages") or "/messages/" in template or template == "/webhooks/{webhook_id}/{webhook_token}"
    ):
        yield from message_problems(body, "")


def message_problems(body: Mapping[str, Any], prefix: str) -> Iterator[Tuple[str, str]]:
    content = body.get("content")
    if isinstance(content, str) and len(content) > CONTENT_MAX:
        yield f"{prefix}content", f"at most {CONTENT_MAX} characters ({len(content)})"
    rows = body.get("components") or []
    if len(rows) > ROWS_MAX:
        yield f"{prefix}components", f"at most {ROWS_MAX} action rows ({len(rows)})"
    for r, row in enumerate(rows):
        items = row.get("components") or []
        if row.get("type") == ACTION_ROW and len(items) > ROW_ITEMS_MAX:
            yield f"{prefix}components.{r}.components", f"at most {ROW_ITEMS_MAX} per action row ({len(items)})"
        for i, item in enumerate(items):
            where = f"{prefix}components.{r}.components.{i}"
            custom_id = item.get("custom_id")
            if custom_id is not None and not 1 <= len(custom_id) <= CUSTOM_ID_MAX:
                yield f"{where}.custom_id", f"1-{CUSTOM_ID_MAX} characters ({len(custom_id)})"
            label = item.get("label")
            if item.get("type") == BUTTON and label is not None and len(label) > BUTTON_LABEL_MAX:
                yield f"{where}.label", f"at most {BUTTON_LABEL_MAX} characters ({len(label)})"


def _autocomplete_problems(choices: List[Mapping[str, Any]], where: str) -> Iterator[Tuple[str, str]]:
    if len(choices) > CHOICES_MAX:
        yield where, f"at most {CHOICES_MAX} choices ({len(choices)})"
    for i, choice in enumerate(choices):
        yield from _choice_problems(choice, f"{where}.{i}")


def _choice_problems(choice: Mapping[str, Any], where: str) -> Iterator[Tuple[str, str]]:
    name = choice.get("name", "")
    if not 1 <= len(name) <= CHOICE_MAX:
        yield f"{where}.name", f"1-{CHOICE_MAX} characters ({len(name)})"
    for locale, text in (choice.get("name_localizations") or {}).items():
        if not 1 <= len(text) <= CHOICE_MAX:
            yield f"{where}.name_localizations.{locale}", f"1-{CHOICE_MAX} characters ({len(text)})"
    value = choice.get("value")
    if isinstance(value, str) and not 1 <= len(value) <= CHOICE_MAX:
        yield f"{where}.value", f"1-{CHOICE_MAX} characters ({len(value)})"


def _name_problems(node: Mapping[str, Any], where: str) -> Iterator[Tuple[str, str]]:
    for locale, name in [("", node.get("name", "")), *(node.get("name_localizations") or {}).items()]:
        field = f"{where}.name" + (f"_localizations.{locale}" if locale else "")
        if not NAME_RULE.match(name) or name != name.lower():
            yield field, f"must match {NAME_RULE.pattern} and be lowercase ({name!r})"
    for locale, text in [("", node.get("description", "")), *(node.get("description_localizations") or {}).items()]:
        field = f"{where}.description" + (f"_localizations.{locale}" if locale else "")
        if not 1 <= len(text or "") <= DESCRIPTION_MAX:
            yield field, f"1-{DESCRIPTION_MAX} characters ({len(text or '')})"


def command_problems(command: Mapping[str, Any], where: str) -> Iterator[Tuple[str, str]]:
    """Discord's limits for one chat-input command as sent in a bulk overwrite."""
    yield from _name_problems(command, where)
    yield from _option_problems(command.get("options") or [], f"{where}.options")
    size = command_size(command)
    if size > COMMAND_SIZE_MAX:
        yield where, f"names, descriptions, choices and values at most {COMMAND_SIZE_MAX} characters ({size})"


def _option_problems(options: List[Mapping[str, Any]], where: str) -> Iterator[Tuple[str, str]]:
    if len(options) > OPTIONS_MAX:
        yield where, f"at most {OPTIONS_MAX} options ({len(options)})"
    seen_optional = False
    for i, option in enumerate(options):
        at = f"{where}.{i}"
        yield from _name_problems(option, at)
        if option.get("type") in (SUBCOMMAND, SUBCOMMAND_GROUP):
            yield from _option_problems(option.get("options") or [], f"{at}.options")
            continue
        if option.get("required"):
            if seen_optional:
                yield f"{at}.required", "required options come before optional ones"
        else:
            seen_optional = True
        choices = option.get("choices") or []
        if len(choices) > CHOICES_MAX:
            yield f"{at}.choices", f"at most {CHOICES_MAX} choices ({len(choices)})"
        for c, choice in enumerate(choices):
            yield from _choice_problems(choice, f"{at}.choices.{c}")


def _longest(node: Mapping[str, Any], key: str) -> int:
    """A text field counted as Discord does: its longest localisation, the default included."""
    texts = [node.get(key) or "", *(node.get(f"{key}_localizations") or {}).values()]
    return max(len(str(t)) for t in texts)


def command_size(command: Mapping[str, Any]) -> int:
    """The characters Discord counts against the 8,000 of one command: the names, descriptions and
    values of the command, its subcommands, groups, options and choices (the longest localisation of each).

    >>> command_size({"name": "ab", "description": "cde", "description_localizations": {"nl": "cdef"}})
    6
    """

    def walk(node: Mapping[str, Any]) -> int:
        total = _longest(node, "name") + _longest(node, "description")
        for choice in node.get("choices") or []:
            total += _longest(choice, "name") + len(str(choice.get("value", "")))
        return total + sum(walk(option) for option in node.get("options") or [])

    return walk(command)
