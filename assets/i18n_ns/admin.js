// The French "admin" strings, loaded with the code that shows them (grocer/components/i18n.py).
import { addFrench } from "../i18n.js";
import strings from "../locales/fr/admin.json";

addFrench("admin", strings);
