// /admin (spec §2): says where it is going, then goes to /admin/dashboard.
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import styles from './admin.module.css';

export const REDIRECT_MESSAGE = 'Redirecting to the admin dashboard...';

export function AdminRedirectScreen() {
  const navigate = useNavigate();
  useEffect(() => {
    navigate('/admin/dashboard', { replace: true });
  }, [navigate]);
  return (
    <main className={styles.redirect}>
      <p role="status">{REDIRECT_MESSAGE}</p>
    </main>
  );
}
