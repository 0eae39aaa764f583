/**
 * apiserver-down: the mark a broken kube-apiserver manifest leaves. While it is set (to the
 * control plane's address:port) kubectl's verbs cannot reach the API server and fail as
 * kubectl does when nothing listens there; kubemu's own verbs (ssh among them) still work,
 * as a node's shell does on a real cluster.
 */

/** META_APISERVER_DOWN holds the control-plane endpoint while the API server cannot run ('' or absent: it runs). */
export const META_APISERVER_DOWN = 'apiserver.down';

/** connectionRefused is kubectl's text when nothing answers at the server's address. */
export const connectionRefused = (endpoint: string): string => `The connection to the server ${endpoint} was refused - did you specify the right host or port?`;
