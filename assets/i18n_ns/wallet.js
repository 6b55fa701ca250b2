// The French "wallet" strings, loaded with the code that shows them (grocer/components/i18n.py).
import { addFrench } from "../i18n.js";
import strings from "../locales/fr/wallet.json";

addFrench("wallet", strings);
