import { useCallback, useEffect, useState } from "react";

/** Seconds left on a one-second countdown; restart() starts it again. */
export function useCountdown(initialSeconds: number) {
  const [seconds, setSeconds] = useState(initialSeconds);

  useEffect(() => {
    if (seconds <= 0) return;
    const timer = window.setTimeout(() => setSeconds((value) => value - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [seconds]);

  const restart = useCallback((value: number) => setSeconds(value), []);
  return { seconds, restart };
}
