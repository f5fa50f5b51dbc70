"""Reading a request: one reader per route, from a JSON body to the calculator's request or a 422.

Each reader works in two passes. First the body's shape (schemas/: every field of the right type, no unknown
key; marshmallow, or schemas.fastload for a plainly valid body), every shape problem listed at once
(ValidationError). Once the shape is clean, what the fields mean: tiles against the rules, the position, the
history, the outcome, the seats the rules have; every domain problem is gathered (intake.collect.Collector) and
listed at once, each at its request pointer (InvalidHand). The calculator then runs on its own values only, and its
checks say which part of a value is wrong (an option's name, a meld's index and part, a place in a game record):
the reader turns that into the request pointer.

    ready       /v1/ready, /v1/furiten, /v1/kuikae      score       /v1/score (and a full win's body)
    evaluate    /v1/evaluate                            riichi      /v1/riichi
    settle      /v1/settle (settle_wins: its wins; losers: European losers' hands; outcome_checks and
                win_checks: the outcome and the wins against each other)
    final       /v1/final                               games       /v1/games, /v1/convert (the record readers
                                                                    are calculator.records'; their places in
                                                                    the record go under record/data)
    rules       a request's `rules` object (read_rules)
    collect     the Collector, a hand's reading, seats the rules lack
    history     a river and passed tiles                family_checks, situation_checks: /v1/score's body
"""
