/**
 * The audit trail's entry beside the administration forms (R-AUDIT-4): the catalogue has no audit
 * form (R-MENU-11), so the shell adds this link for administrators, who alone may open it.
 */
import { NavLink } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { routePaths } from '../route-guard';

export function AuditTrailLink({ onNavigate }: { readonly onNavigate?: (() => void) | undefined }) {
  const { t } = useTranslation();
  const location = useLocation();
  const active = location.pathname === routePaths.auditTrail;
  return (
    <NavLink
      component={Link}
      to={routePaths.auditTrail}
      label={t('auditTrail.title')}
      active={active}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
    />
  );
}
