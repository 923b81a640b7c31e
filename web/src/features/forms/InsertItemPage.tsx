import { useParams, useSearchParams } from 'react-router';
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
  return <ItemFormPage key={`${componentID}/${projectId}/${form}/${request.parentID ?? ''}`} request={request} />;
}
