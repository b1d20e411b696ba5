import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';

/**
 * Goes back in the app's history, or to `fallback` when the page was opened directly (a deep
 * link or a fresh launch), so "back" never leaves the app.
 */
export function useGoBack(fallback: string): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    // React Router keeps its own position in history.state.idx; 0 means this is the first entry.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate(fallback, { replace: true });
  }, [navigate, fallback]);
}
