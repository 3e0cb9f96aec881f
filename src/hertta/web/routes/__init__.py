"""One router per resource: pages, settings, statistics, Heart to Heart, the bench echo."""
