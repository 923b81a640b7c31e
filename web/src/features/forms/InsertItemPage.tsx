import { useCallback } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import './i18n';
import { ItemFormPage } from './ItemFormPage';

const positive = (value: string | null | undefined) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/** insertItem/{componentID}/{projectId}/{form} (spec section 2); ?parentID= makes the new item a child. */
export default function InsertItemPage() {
  const { componentID, projectId, form } = useParams();
  const [search] = useSearchParams();
  const request = {
    componentID: Number(componentID),
    formID: positive(form),
    projectID: positive(projectId),
    parentID: positive(search.get('parentID')),
  };
  const { pathname, search: query } = useLocation();
  const navigate = useNavigate();
  // The project chosen for a new item takes the route's project place: .../insertItem/{c}/{p}/{form}.
  const onProject = useCallback(
    (project: number, replace: boolean) => {
      const parts = pathname.split('/');
      const at = parts.lastIndexOf('insertItem');
      if (at < 0 || parts.length < at + 3) return;
      parts[at + 2] = String(project);
      void navigate(parts.join('/') + query, { replace });
    },
    [pathname, query, navigate],
  );
  return (
    <ItemFormPage
      key={`${componentID}/${projectId}/${form}/${request.parentID ?? ''}`}
      request={request}
      onProject={onProject}
    />
  );
}
