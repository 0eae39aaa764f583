/**
 * write-path: what only writes need — per-kind strategies (defaults, validation), the
 * admission chain, strict decoding, address allocation — gathered in one module so the
 * bundle evaluates it on the first write (apiserver.ts requires it lazily): reads never pay for it.
 */
export { strategyFor, stampRequester } from './strategies';
export { mutateCreate, validateCreate, validateUpdate } from './admission-chain';
export { decodeObject, decodeTyped, unmarshalTypeError } from './decode';
export { decodeCustomResource, validateCustomResource } from './custom-resource-schema/custom-resource';
export { schemaOf } from './custom-resource-schema/schema';
