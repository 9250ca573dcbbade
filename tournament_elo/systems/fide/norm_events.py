"""The events B.01 1.4.3 exempts from the title-norm federation mix, by the article
exempting them (the ``norm-event`` setting).  Kept apart from :mod:`.norms` so that the
command line offers the choice without importing numpy."""

NORM_EVENT_SETTING = "norm-event"
NORM_EVENTS: dict[str, str | None] = {
    "ordinary": None,
    "national-championship": "1.4.3a",
    "national-team-championship": "1.4.3b",
    "zonal": "1.4.3c",
    "large-swiss": "1.4.3d",
}
