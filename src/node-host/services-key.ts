/**
 * services-key: the node-local key of a node's units record (services.ts), apart so that
 * kubectl's start-up can read the record without loading the units' model.
 */

/** SERVICES_KEY is the node-local record of the units' state and the journal. */
export const SERVICES_KEY = 'host-services';
