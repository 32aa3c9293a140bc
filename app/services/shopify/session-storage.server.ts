import { Session } from "@shopify/shopify-app-react-router/server";
import type { SessionStorage } from "@shopify/shopify-app-session-storage";
import { decryptSecret, encryptSecret } from "~/server/crypto.server";

function withTokens(session: Session, transform: (token: string) => string): Session {
  const params = session.toObject();
  return new Session({
    ...params,
    accessToken: params.accessToken ? transform(params.accessToken) : undefined,
    refreshToken: params.refreshToken ? transform(params.refreshToken) : undefined,
  });
}

/**
 * Shopify sessions with their access and refresh tokens encrypted at rest, like every other secret of the
 * product (AES-256-GCM, app/server/crypto.server.ts). The wrapped storage only ever sees ciphertext.
 */
export class EncryptedSessionStorage implements SessionStorage {
  constructor(private readonly inner: SessionStorage) {}

  storeSession(session: Session): Promise<boolean> {
    return this.inner.storeSession(withTokens(session, encryptSecret));
  }

  async loadSession(id: string): Promise<Session | undefined> {
    const stored = await this.inner.loadSession(id);
    return stored && withTokens(stored, decryptSecret);
  }

  deleteSession(id: string): Promise<boolean> {
    return this.inner.deleteSession(id);
  }

  deleteSessions(ids: string[]): Promise<boolean> {
    return this.inner.deleteSessions(ids);
  }

  async findSessionsByShop(shop: string): Promise<Session[]> {
    const stored = await this.inner.findSessionsByShop(shop);
    return stored.map((session) => withTokens(session, decryptSecret));
  }
}
