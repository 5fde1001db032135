/** Whether the window is a phone or small tablet (R-CONST-6: 768 px or less), resize debounced. */
import { mobileMaxWidthPx, resizeDebounceMs } from '@dispatch/domain/constants';
import { useEffect, useState } from 'react';

export function isSmallWidth(width: number): boolean {
  return width <= mobileMaxWidthPx;
}

export function useSmallScreen(): boolean {
  const [small, setSmall] = useState(() => isSmallWidth(window.innerWidth));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const handleResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setSmall(isSmallWidth(window.innerWidth)), resizeDebounceMs);
    };
    window.addEventListener('resize', handleResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', handleResize);
    };
  }, []);
  return small;
}
