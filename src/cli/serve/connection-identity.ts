/**
 * connection-identity: the user a TLS connection's client certificate authenticated, kept for
 * the connection's life. The certificate cannot change within a connection (the handshake
 * bound it), so keep-alive requests after the first skip reading and verifying it again; the
 * certificate's validity window is kept with the user and checked against the cluster's clock
 * on each request, so a certificate that expires on a long-lived connection stops
 * authenticating as it would if it were verified each time.
 */
import type { UserInfo } from '../../apiserver/authorization/user-info';

/** Verified is a connection's authenticated certificate: who it is and when it is valid. */
interface Verified { user: UserInfo; notBeforeMs: number; notAfterMs: number }

/** ConnectionIdentities remembers, per TLS socket, the user its client certificate authenticated. */
export class ConnectionIdentities {
  private readonly bySocket = new WeakMap<object, Verified>();

  /** known is the connection's user when its certificate was verified and is valid at nowMs. */
  known(socket: object, nowMs: number): UserInfo | undefined {
    const v = this.bySocket.get(socket);
    return v && nowMs >= v.notBeforeMs && nowMs <= v.notAfterMs ? v.user : undefined;
  }

  /** remember keeps the user a connection's certificate (valid from validFrom to validTo, as Node words them) authenticated. */
  remember(socket: object, user: UserInfo, validFrom: string, validTo: string): void {
    const notBeforeMs = Date.parse(validFrom);
    const notAfterMs = Date.parse(validTo);
    // A validity Node's words do not parse into is verified again on each request.
    if (Number.isNaN(notBeforeMs) || Number.isNaN(notAfterMs)) return;
    this.bySocket.set(socket, { user, notBeforeMs, notAfterMs });
  }
}
