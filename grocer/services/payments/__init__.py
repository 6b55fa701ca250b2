"""Payments through a mobile-money provider: the interface (provider.py), a CinetPay-style
adapter (cinetpay.py) and the rules (service.py)."""
