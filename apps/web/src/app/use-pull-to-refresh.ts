import { useEffect, useState } from 'react';
import { pullState } from '../lib/pull-to-refresh';

/**
 * On touch screens, a downward drag that starts at the top of the page pulls an indicator; let go
 * past half of 250 px and the page reloads.
 */
export function usePullToRefresh(): number {
  const [offset, setOffset] = useState(0);
  useEffect(() => {
    let startY: number | null = null;
    let current = 0;
    const handleStart = (event: TouchEvent) => {
      startY = window.scrollY <= 0 && event.touches.length === 1 ? event.touches[0]!.clientY : null;
    };
    const handleMove = (event: TouchEvent) => {
      if (startY === null) return;
      current = event.touches[0]!.clientY - startY;
      setOffset(pullState(current).offset);
    };
    const handleEnd = () => {
      if (startY !== null && pullState(current).willReload) window.location.reload();
      startY = null;
      current = 0;
      setOffset(0);
    };
    window.addEventListener('touchstart', handleStart, { passive: true });
    window.addEventListener('touchmove', handleMove, { passive: true });
    window.addEventListener('touchend', handleEnd);
    window.addEventListener('touchcancel', handleEnd);
    return () => {
      window.removeEventListener('touchstart', handleStart);
      window.removeEventListener('touchmove', handleMove);
      window.removeEventListener('touchend', handleEnd);
      window.removeEventListener('touchcancel', handleEnd);
    };
  }, []);
  return offset;
}
