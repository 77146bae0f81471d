import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { UnsavedChangesDialog } from './simple-dialogs.tsx';

interface UnsavedChangesGuardProps {
  /** Contacts with edits not saved yet. */
  count: number;
  /** A book switch is waiting for the answer. */
  bookSwitch: boolean;
  onStayOnBook: () => void;
  onLeaveBook: () => void;
}

/** Warns before unsaved edits are lost: leaving the page in the app (useBlocker), closing the tab (beforeunload), or switching books. */
export function UnsavedChangesGuard({ count, bookSwitch, onStayOnBook, onLeaveBook }: UnsavedChangesGuardProps) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => count > 0 && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (count === 0) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [count]);

  const isBlocked = blocker.state === 'blocked';
  return (
    <UnsavedChangesDialog
      isOpen={isBlocked || bookSwitch}
      count={count}
      onStay={() => (isBlocked ? blocker.reset() : onStayOnBook())}
      onLeave={() => (isBlocked ? blocker.proceed() : onLeaveBook())}
    />
  );
}
