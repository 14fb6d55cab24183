import { plantLabels } from '#domain/collections/plant-labels';
import { nurseryTeamRules } from '../access-rules';
import { serverCollection } from '../collection';

/**
 * Every member reads the nursery's plant labels; staff, office and admins add plants and mark
 * them; office staff and admins delete them, to Deleted, without the deletion password: a plant
 * deleted by a slip is one line to add again or restore (docs/decisions/057).
 */
export const plantLabelsCollection = serverCollection(plantLabels, { rules: nurseryTeamRules('plant labels'), needsDeletePassword: false });
