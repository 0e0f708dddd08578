"""Computer players for Huolong: policies that see only their own seat's cards, tables, duplicate matches.

>>> from huolong.bots import policy_of
>>> policy_of("advise").sees_all
False
"""

from .policy import NAMES, Policy, PolicyError, policies_of, policy_of

__all__ = ["NAMES", "Policy", "PolicyError", "policies_of", "policy_of"]
