import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { FullPageLoader } from '../components/full-page-loader';
import { LOCALE_KEY } from '../lib/i18n';
import { getToken, setSession } from '../lib/session-store';
import { PATHS } from '../paths';

/**
 * /token: the SSO callback hands a token over here. A token in the query replaces
 * everything stored (the device's language choice excepted) and the app reloads at / so it starts
 * clean and signs in silently with it. Without one, a stored token is reused; otherwise, to /login.
 */
export function TokenPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token');

  useEffect(() => {
    if (token) {
      const locale = localStorage.getItem(LOCALE_KEY);
      localStorage.clear();
      if (locale) localStorage.setItem(LOCALE_KEY, locale);
      setSession(token, null);
      window.location.replace(PATHS.root);
      return;
    }
    void navigate(getToken() ? PATHS.root : PATHS.login.root, { replace: true });
  }, [token, navigate]);

  return <FullPageLoader />;
}
