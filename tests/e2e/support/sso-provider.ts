/**
 * The OpenID provider the end-to-end portal signs in with: a real oidc-provider on loopback whose two
 * clients are the portal's 'I am supplier' and 'I am employee' buttons.
 */
import { startOpenIdProvider, type OpenIdProvider } from '../../fixtures/openid-provider';

/** A provider account whose e-mail is supplier1's: signing in as it lands on supplier1's home. */
export const SSO_SUPPLIER_LOGIN = 'maria.lopez';

/** Starts the provider for a portal at `portalBase`; `env` points the portal's OIDC_* settings at it. */
export async function startSsoProvider(
  portalBase: string,
): Promise<{ provider: OpenIdProvider; env: Record<string, string> }> {
  const clients = {
    SUPPLIER: { clientId: 'e2e-suppliers', clientSecret: 'e2e-supplier-secret', button: 'supplier' },
    EMPLOYEE: { clientId: 'e2e-employees', clientSecret: 'e2e-employee-secret', button: 'employee' },
  };
  const provider = await startOpenIdProvider(
    Object.values(clients).map(({ clientId, clientSecret, button }) => ({
      clientId,
      clientSecret,
      redirectUri: `${portalBase}/api/auth/callback/${button}`,
    })),
    { [SSO_SUPPLIER_LOGIN]: { email: 'supplier1@scrap-portal.test', preferred_username: SSO_SUPPLIER_LOGIN } },
  );
  const env: Record<string, string> = { PUBLIC_URL: portalBase };
  for (const [name, client] of Object.entries(clients)) {
    env[`OIDC_${name}_ISSUER`] = provider.issuer;
    env[`OIDC_${name}_CLIENT_ID`] = client.clientId;
    env[`OIDC_${name}_CLIENT_SECRET`] = client.clientSecret;
  }
  return { provider, env };
}
