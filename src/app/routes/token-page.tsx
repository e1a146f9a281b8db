import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { FullPageLoader } from '../components/full-page-loader';
import { RESUME_PARAM, restoreReturnPoint, storedReturnPoint } from '../features/auth/return-to';
import { LOCALE_KEY } from '../lib/i18n';
import { getToken, setSession } from '../lib/session-store';
import { PATHS } from '../paths';

/**
 * /token: the SSO callback hands a token over here. A token in the query replaces
 * everything stored (the device's language choice and the screen a session ended on excepted) and the
 * app reloads at / so it starts clean, signs in silently with it and returns the same user there. Without one, a stored token is reused; otherwise, to /login.
 */
export function TokenPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token');

  useEffect(() => {
    if (token) {
      const locale = localStorage.getItem(LOCALE_KEY);
      const returnPoint = storedReturnPoint();
      localStorage.clear();
      if (locale) localStorage.setItem(LOCALE_KEY, locale);
      restoreReturnPoint(returnPoint);
      setSession(token, null);
      window.location.replace(`${PATHS.root}?${RESUME_PARAM}=1`);
      return;
    }
    void navigate(getToken() ? PATHS.root : PATHS.login.root, { replace: true });
  }, [token, navigate]);

  return <FullPageLoader />;
}
