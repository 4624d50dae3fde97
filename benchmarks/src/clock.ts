/**
 * "Now" for every benchmark render that reads the clock (the `today` filter): 2024-03-10T02:00:00Z, the same
 * instant as NOW in constructs/service_filters.py, so that Jinja2, the engine and the hand-written code agree.
 */
export const RENDER_CLOCK = new Date(Date.UTC(2024, 2, 10, 2, 0, 0));
