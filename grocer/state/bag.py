"""The one bag of the app. STUB (owned by the session/bag work); keep these public names.

`add_item(article)` takes the article dict the catalogue service returns.
"""

import reflex as rx


class BagState(rx.State):
    items: list[dict] = []

    @rx.var
    def count(self) -> int:
        return sum(int(i.get("quantity", 0)) for i in self.items)

    @rx.var
    def quantities(self) -> dict[str, int]:
        return {str(i["id"]): int(i["quantity"]) for i in self.items}

    @rx.event
    def add_item(self, article: dict) -> None:
        key = str(article.get("id", ""))
        for item in self.items:
            if str(item["id"]) == key:
                item["quantity"] += 1
                self.items = list(self.items)
                return
        self.items = [*self.items, {**article, "id": key, "quantity": 1}]

    @rx.event
    def increment(self, item_id: str) -> None:
        self._change(item_id, 1)

    @rx.event
    def decrement(self, item_id: str) -> None:
        self._change(item_id, -1)

    def _change(self, item_id: str, delta: int) -> None:
        items = []
        for item in self.items:
            if str(item["id"]) == str(item_id):
                item = {**item, "quantity": item["quantity"] + delta}
            if item["quantity"] > 0:
                items.append(item)
        self.items = items
