import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';

/**
 * Leave a saved form only after the render that knows it is saved, so the unsaved-changes guard lets it go
 * (as the service form does). Returns whether leaving is under way, and the function that starts it.
 */
export function useLeaveAfterSave(): [boolean, (to: string) => void] {
  const navigate = useNavigate();
  const [leaveTo, setLeaveTo] = useState<string>();
  useEffect(() => {
    if (leaveTo) void navigate(leaveTo);
  }, [leaveTo, navigate]);
  return [leaveTo !== undefined, setLeaveTo];
}
