import { memo, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';

/**
 * The way to sign in from a page that needs it: the sign-in page, which brings the user back here
 * (path and query: the same market, the same tab) once signed in. Memoized: a router link is costly
 * to render, and the forms it stands in render often.
 */
export const SignInLink = memo(function SignInLink(props: {
  children: ReactNode;
  /** Button classes; a full-width primary button when not given. */
  className?: string;
  testId?: string;
}) {
  const { pathname, search } = useLocation();
  return (
    <Link
      className={props.className ?? 'btn btn--primary btn--block'}
      to="/pages/mine/login"
      state={{ from: `${pathname}${search}` }}
      data-testid={props.testId}
    >
      {props.children}
    </Link>
  );
});
