// /edit-contacts: opens the contact list in edit mode (spec §2 "An edit-mode route").
import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { StorageKeys } from '../../session/storage-keys';

export function EnableEditMode() {
  useEffect(() => {
    localStorage.setItem(StorageKeys.enableEditMode, 'true');
  }, []);
  return <Navigate to="/contacts" replace />;
}
