import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { withPreservedQuery } from './navigation';

/**
 * pretend and hide_header carry over between navigations (spec section 2), whichever link or
 * redirect made them: after each move the previous query's preserved keys are put back, and
 * empty values are dropped.
 */
export function usePreservedQuery(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const previous = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    const current = `${location.pathname}${location.search}${location.hash}`;
    const carried = previous.current
      ? withPreservedQuery(current, previous.current)
      : withPreservedQuery(current, new URLSearchParams());
    previous.current = new URLSearchParams(carried.split('?')[1]?.split('#')[0] ?? '');
    if (carried !== current) void navigate(carried, { replace: true, state: location.state });
  }, [location, navigate]);
}
