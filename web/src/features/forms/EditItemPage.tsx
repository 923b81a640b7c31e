import { useParams } from 'react-router';
import './i18n';
import { ItemFormPage } from './ItemFormPage';

/** editItem/{componentID}/{itemID}/{form} (spec section 2). */
export default function EditItemPage() {
  const { componentID, itemID, form } = useParams();
  const formID = Number(form);
  const request = {
    componentID: Number(componentID),
    itemID: Number(itemID),
    formID: Number.isInteger(formID) && formID > 0 ? formID : undefined,
  };
  return <ItemFormPage key={`${componentID}/${itemID}/${form}`} request={request} />;
}
