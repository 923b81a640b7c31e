import { useEffect, type ReactNode } from 'react';
import { FullScreenSpinner } from '../components/FullScreenSpinner';
import { loadSession } from './session';
import { useSessionSnapshot } from './useSession';

/** Renders its children once the stored session has been read (and decrypted); a spinner meanwhile. */
export function SessionGate({ children }: { children: ReactNode }) {
  const { status } = useSessionSnapshot();
  useEffect(() => {
    void loadSession();
  }, []);
  return status === 'ready' ? children : <FullScreenSpinner />;
}
