// /edit-contacts: opens the contact list in edit mode (spec §2 "An edit-mode route").
import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { Stored } from '../../session/browser-storage';

export function EnableEditMode() {
  useEffect(() => {
    Stored.enableEditMode.write(true);
  }, []);
  return <Navigate to="/contacts" replace />;
}
