/**
 * An address that is no route of the product may be a product link (R-LINK-1..4, R-OAUD-6), as an
 * e-mail or another system writes them (`/orders/view?systemTypeId=1&orderId=42`): it is followed,
 * in place of this page. A link that names no item says so (R-LINK-2: 'Invalid hyperlink cannot
 * navigate to item'); one missing its system type is logged and opens nothing (R-LINK-3). Anything
 * not followed shows that the address was not found.
 */
import { useEffect, useState } from 'react';
import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { followLink } from '../../lib/link-handling';
import { openClassicForm } from '../../realtime/classic-link';
import { NotFoundPage } from './not-found-page';

export function LinkPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const link = `${location.pathname}${location.search}`;
  const [settled, setSettled] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    void followLink(link, {
      navigate: (to) => void navigate(to, { replace: true }),
      openClassic: openClassicForm,
    }).then(() => {
      if (current) setSettled(link);
    });
    return () => {
      current = false;
    };
  }, [link, navigate]);

  if (settled !== link) {
    return (
      <Center mih="60vh">
        <Loader size="sm" aria-label={t('app.loading')} />
      </Center>
    );
  }
  return <NotFoundPage />;
}
