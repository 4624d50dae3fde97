/** The clock of every construct (the `today` filter reads it): 2024-03-10T02:00:00Z, as in service_filters.py. */
export const CONSTRUCT_CLOCK = new Date(Date.UTC(2024, 2, 10, 2, 0, 0));
