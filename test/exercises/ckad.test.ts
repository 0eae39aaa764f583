// The bundled ckad exercises pass with their reference solutions and fail untouched (prove-exercises.ts).
import { proveTrack } from './prove-exercises';

proveTrack('ckad');
