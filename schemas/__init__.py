"""The shape of requests and answers: marshmallow schemas (documenting openapi.yaml) and nothing that reads what
a request means (that is intake/'s).

- base, messages   the request schemas' base (unknown-field suggestions, the fast pass) and the project's
                   marshmallow Schema and OneOf (messages that name what to send)
- fields, fastload the shared fields (tiles, melds, seats, rules, bounded lists) and the compiled field pass
- ready, furiten, score, evaluate, declarations, kuikae, settle, final, games, presets
                   each route's request schema and answer schemas
- answers, answer_text   the one writer of each hot answer, and the same answers as JSON text
- notes, audit, problems the notes on how a request was read, the audit's answer, problem+json bodies
"""
